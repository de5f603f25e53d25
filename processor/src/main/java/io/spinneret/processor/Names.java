package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * Names of the runtime types that generated code uses, and of the generated types. The processor
 * does not depend on the runtime: it refers to runtime types by name only.
 */
final class Names {
    private Names() {}

    static final String SPIDER = "io.spinneret.annotations.Spider";
    static final String PARSE = "io.spinneret.annotations.Parse";
    static final String ERRBACK = "io.spinneret.annotations.Errback";
    static final String START = "io.spinneret.annotations.Start";
    static final String BLOCKED = "io.spinneret.annotations.Blocked";
    static final String ITEM = "io.spinneret.annotations.Item";
    static final String KEY = "io.spinneret.annotations.Key";
    static final String ARG = "io.spinneret.annotations.Arg";
    static final String FOLLOW = "io.spinneret.annotations.Follow";
    static final String FOLLOW_LIST = "io.spinneret.annotations.Follow.List";
    static final String FILE_URL = "io.spinneret.annotations.FileUrl";
    static final String STORED_FILE_NAME = "io.spinneret.api.StoredFile";

    static final String RESPONSE_NAME = "io.spinneret.api.Response";
    static final String CRAWL_NAME = "io.spinneret.api.Crawl";
    static final String REQUEST_NAME = "io.spinneret.api.Request";
    static final String FAILURE_NAME = "io.spinneret.api.Failure";

    static final ClassName RESPONSE = ClassName.get("io.spinneret.api", "Response");
    static final ClassName PAGE_NEEDS = ClassName.get("io.spinneret.internal", "PageNeeds");
    static final ClassName CRAWL = ClassName.get("io.spinneret.api", "Crawl");
    static final ClassName REQUEST = ClassName.get("io.spinneret.api", "Request");
    static final ClassName FAILURE = ClassName.get("io.spinneret.api", "Failure");
    static final ClassName BLOCKED_CHECK = ClassName.get("io.spinneret.internal", "BlockedCheck");
    static final ClassName UNKNOWN_CALLBACK = ClassName.get("io.spinneret.api", "UnknownCallbackException");
    static final ClassName RENDERER = ClassName.get("io.spinneret.annotations", "Renderer");
    static final ClassName FOLLOW_SCOPE = ClassName.get("io.spinneret.annotations", "Follow", "Scope");
    static final ClassName LINK_RULE = ClassName.get("io.spinneret.links", "LinkRule");
    static final ClassName LINK_SELECTOR = ClassName.get("io.spinneret.links", "LinkSelector");

    static final ClassName SPIDER_DEFINITION = ClassName.get("io.spinneret.internal", "SpiderDefinition");
    static final ClassName DISPATCHER = ClassName.get("io.spinneret.internal", "Dispatcher");
    static final ClassName SPIDER_REGISTRY = ClassName.get("io.spinneret.internal", "SpiderRegistry");
    static final ClassName ITEM_SCHEMA = ClassName.get("io.spinneret.internal", "ItemSchema");
    static final ClassName FIELD = ClassName.get("io.spinneret.internal", "Field");
    static final ClassName FIELD_TYPE = ClassName.get("io.spinneret.internal", "FieldType");
    static final ClassName EMIT = ClassName.get("io.spinneret.internal", "Emit");
    static final ClassName ARGUMENT_SPEC = ClassName.get("io.spinneret.internal", "ArgumentSpec");
    static final ClassName SPIDER_ARGUMENTS = ClassName.get("io.spinneret.internal", "SpiderArguments");
    static final ClassName ARG_TYPE = ClassName.get("io.spinneret.annotations", "ArgType");
    static final ClassName STORED_FILE = ClassName.get("io.spinneret.api", "StoredFile");
    static final ClassName FILE_SLOTS = ClassName.get("io.spinneret.internal", "FileSlots");

    static final ClassName JSON_GENERATOR = ClassName.get("com.fasterxml.jackson.core", "JsonGenerator");
    static final ClassName JSON_FACTORY = ClassName.get("com.fasterxml.jackson.core", "JsonFactory");

    static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

    /** The service file under which registries are listed. */
    static final String REGISTRY_SERVICE = "META-INF/services/io.spinneret.internal.SpiderRegistry";

    /** The default simple name of the registry class. */
    static final String REGISTRY_SIMPLE_NAME = "GeneratedSpiderRegistry";

    /** {@code Outer.Inner} in package p gives {@code p.Outer_Inner<suffix>}. */
    static ClassName generated(TypeElement type, String suffix) {
        return ClassName.get(packageOf(type), flatName(type) + suffix);
    }

    static String flatName(TypeElement type) {
        StringBuilder name = new StringBuilder(type.getSimpleName());
        for (Element e = type.getEnclosingElement(); e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
            if (e instanceof TypeElement t) name.insert(0, t.getSimpleName() + "_");
        }
        return name.toString();
    }

    static String packageOf(Element element) {
        Element e = element;
        while (!(e instanceof PackageElement)) e = e.getEnclosingElement();
        return ((PackageElement) e).getQualifiedName().toString();
    }

    /** {@code detailPage} and {@code detail-page} give {@code DETAIL_PAGE}. */
    static String constantName(String callback) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < callback.length(); i++) {
            char c = callback.charAt(i);
            if (Character.isUpperCase(c)
                    && i > 0
                    && (Character.isLowerCase(callback.charAt(i - 1)) || Character.isDigit(callback.charAt(i - 1)))) {
                out.append('_');
            }
            out.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        if (out.isEmpty() || Character.isDigit(out.charAt(0))) out.insert(0, '_');
        return out.toString();
    }

    /** {@code BookItem} gives {@code book_item}; {@code HTTPPage} gives {@code http_page}. */
    static String snakeCase(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                boolean prevLower =
                        i > 0 && (Character.isLowerCase(name.charAt(i - 1)) || Character.isDigit(name.charAt(i - 1)));
                boolean acronymEnd = i > 0
                        && Character.isUpperCase(name.charAt(i - 1))
                        && i + 1 < name.length()
                        && Character.isLowerCase(name.charAt(i + 1));
                if (prevLower || acronymEnd) out.append('_');
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
