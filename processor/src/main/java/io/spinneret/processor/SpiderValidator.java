package io.spinneret.processor;

import io.spinneret.annotations.Setting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Checks a {@code @Spider} class and its {@code @Parse}, {@code @Errback} and {@code @Start}
 * methods: everything except the bodies (see {@link BodyScanner}) and name clashes between
 * spiders, which need the whole compilation.
 * Returns a report and prints nothing.
 */
final class SpiderValidator {
    static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*");
    static final Pattern CALLBACK = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    /** The outcome: problems, and whether some type could not be resolved yet (worth another round). */
    record Outcome(Report report, boolean unresolved) {}

    private final Elements elements;
    private final ReturnTypes returnTypes;

    SpiderValidator(Elements elements, ReturnTypes returnTypes) {
        this.elements = elements;
        this.returnTypes = returnTypes;
    }

    Outcome validate(TypeElement spider) {
        Report report = new Report();
        AnnotationMirror mirror = Annotations.find(spider, Names.SPIDER).orElseThrow();
        if (spider.getKind() != ElementKind.CLASS) {
            report.error(spider, mirror, Message.SPIDER_NOT_CLASS.format(ItemValidator.describe(spider)));
            return new Outcome(report, false);
        }
        checkClass(spider, mirror, report);
        checkName(spider, mirror, report);
        for (AnnotationValue url : Annotations.array(mirror, "startUrls")) {
            if (url.getValue() instanceof String s && !Setting.isHttpUrl(s)) {
                report.error(spider, mirror, url, Message.BAD_START_URL.format(s));
            }
        }
        SettingsValidator.validate(spider, mirror, report);
        boolean unresolved = checkCallbacks(spider, mirror, report);
        unresolved |= checkStart(spider, mirror, report);
        checkBlocked(spider, mirror, report);
        return new Outcome(report, unresolved);
    }

    private void checkClass(TypeElement spider, AnnotationMirror mirror, Report report) {
        String name = spider.getQualifiedName().toString();
        if (spider.getModifiers().contains(Modifier.ABSTRACT))
            report.error(spider, mirror, Message.SPIDER_ABSTRACT.format(name));
        if (spider.getNestingKind() == NestingKind.LOCAL || spider.getNestingKind() == NestingKind.ANONYMOUS) {
            report.error(spider, mirror, Message.SPIDER_NOT_ACCESSIBLE.format(name, "a local class"));
            return;
        }
        for (Element e = spider; e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
            String what = e == spider ? "" : " inside " + ((TypeElement) e).getQualifiedName();
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                report.error(
                        spider,
                        mirror,
                        Message.SPIDER_NOT_ACCESSIBLE.format(
                                name, "private" + (e == spider ? "" : " (or nested" + what + ", which is private)")));
                return;
            }
            if (e instanceof TypeElement t
                    && t.getNestingKind() == NestingKind.MEMBER
                    && !t.getModifiers().contains(Modifier.STATIC)
                    && t.getEnclosingElement().getKind() == ElementKind.CLASS) {
                report.error(
                        spider,
                        mirror,
                        Message.SPIDER_NOT_ACCESSIBLE.format(name, "an inner (non-static) class" + what));
                return;
            }
        }
        boolean constructor = false;
        for (ExecutableElement c : ElementFilter.constructorsIn(spider.getEnclosedElements())) {
            if (c.getParameters().isEmpty() && !c.getModifiers().contains(Modifier.PRIVATE)) constructor = true;
        }
        if (!constructor) report.error(spider, mirror, Message.SPIDER_NO_CONSTRUCTOR.format(name));
    }

    private void checkName(TypeElement spider, AnnotationMirror mirror, Report report) {
        AnnotationValue value = Annotations.explicit(mirror, "name");
        String name = value != null && value.getValue() instanceof String s ? s : "";
        if (!NAME.matcher(name).matches()) report.error(spider, mirror, value, Message.BAD_SPIDER_NAME.format(name));
    }

    /** @return true if some callback signature could not be resolved yet */
    private boolean checkCallbacks(TypeElement spider, AnnotationMirror spiderMirror, Report report) {
        String spiderName = Annotations.string(spiderMirror, "name", "");
        Map<String, ExecutableElement> byName = new LinkedHashMap<>();
        Map<String, String> byConstant = new LinkedHashMap<>();
        boolean unresolved = false;
        for (ExecutableElement method : ParseMethods.of(spider, elements)) {
            AnnotationMirror parse = ParseMethods.annotation(method);
            AnnotationValue explicit = Annotations.explicit(parse, ParseMethods.nameAttribute(method));
            String callback = ParseMethods.callbackName(method);
            String methodName = method.getSimpleName().toString();
            String kind = ParseMethods.annotationName(method);
            boolean errback = ParseMethods.isErrback(method);
            boolean own = method.getEnclosingElement().equals(spider);
            Element at = own ? method : spider;

            if (Annotations.has(method, Names.PARSE) && Annotations.has(method, Names.ERRBACK)) {
                report.error(at, Message.PARSE_AND_ERRBACK.format(methodName));
            }
            if (!CALLBACK.matcher(callback).matches()) {
                report.error(at, own ? parse : null, own ? explicit : null, Message.BAD_CALLBACK_NAME.format(callback));
            } else if (byName.containsKey(callback)) {
                ExecutableElement first = byName.get(callback);
                report.error(
                        at,
                        own ? parse : null,
                        own ? explicit : null,
                        Message.DUPLICATE_CALLBACK.format(callback, describe(first, spider), spiderName));
            } else {
                byName.put(callback, method);
                String constant = Names.constantName(callback);
                String clash = byConstant.putIfAbsent(constant, callback);
                if (clash != null) {
                    report.error(
                            at,
                            own ? parse : null,
                            own ? explicit : null,
                            Message.DUPLICATE_CALLBACK.format(
                                    callback + "' (constant " + constant + " of callback '" + clash + ")",
                                    describe(byName.get(clash), spider),
                                    spiderName));
                }
            }
            checkModifiers(spider, method, kind, report);
            unresolved |= checkSignature(spider, method, kind, errback ? "Failure" : "Response", report) == null;
        }
        ExecutableElement parse = byName.get("parse");
        if (parse == null || ParseMethods.isErrback(parse)) {
            List<String> callbacks = byName.entrySet().stream()
                    .filter(e -> !ParseMethods.isErrback(e.getValue()))
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            report.error(
                    spider,
                    spiderMirror,
                    Message.MISSING_PARSE.format(
                            spiderName, callbacks.isEmpty() ? "(none)" : String.join(", ", callbacks)));
        }
        return unresolved;
    }

    /** Generated code calls the method on the spider instance: not private, not static, visible from the spider's package. */
    private static void checkModifiers(TypeElement spider, ExecutableElement method, String kind, Report report) {
        boolean own = method.getEnclosingElement().equals(spider);
        Element at = own ? method : spider;
        String methodName = method.getSimpleName().toString();
        if (method.getModifiers().contains(Modifier.PRIVATE))
            report.error(at, Message.CALLBACK_PRIVATE.format(kind, methodName));
        if (method.getModifiers().contains(Modifier.STATIC))
            report.error(at, Message.CALLBACK_STATIC.format(kind, methodName));
        if (!own
                && !method.getModifiers().contains(Modifier.PUBLIC)
                && !Names.packageOf(method).equals(Names.packageOf(spider))) {
            report.error(
                    spider,
                    Message.CALLBACK_NOT_ACCESSIBLE.format(
                            kind,
                            methodName,
                            ((TypeElement) method.getEnclosingElement()).getQualifiedName(),
                            Names.packageOf(spider)));
        }
    }

    /**
     * Checks a handler's parameters ({@code input} and {@code Crawl}, at most one each) and that
     * the dispatch code can adapt its return type.
     *
     * @return the classified return type, or null when it could not be resolved yet (worth another round)
     */
    private CallbackModel.@Nullable Result checkSignature(
            TypeElement spider, ExecutableElement method, String kind, String input, Report report) {
        boolean own = method.getEnclosingElement().equals(spider);
        Element at = own ? method : spider;
        String methodName = method.getSimpleName().toString();
        String allowed = input + " and Crawl";
        boolean unresolved = false;
        List<String> seen = new ArrayList<>();
        for (VariableElement p : method.getParameters()) {
            String type = parameterType(p.asType());
            if (type == null || !type.equals(input) && !type.equals("Crawl")) {
                if (type == null && !ReturnTypes.isResolved(p.asType())) unresolved = true;
                report.error(
                        own ? p : spider, Message.UNSUPPORTED_PARAMETER.format(kind, methodName, p.asType(), allowed));
            } else if (seen.contains(type)) {
                report.error(own ? p : spider, Message.DUPLICATE_PARAMETER.format(kind, methodName, type, allowed));
            } else {
                seen.add(type);
            }
        }
        try {
            CallbackModel.Result result = returnTypes.classify(method.getReturnType());
            return unresolved ? null : result;
        } catch (ReturnTypes.Rejected e) {
            if (e.unresolved) {
                report.error(at, Message.UNRESOLVED_TYPE.format(e.getMessage(), methodName));
                return null;
            }
            report.error(at, Message.UNSUPPORTED_RETURN.format(kind, methodName, method.getReturnType()));
            return CallbackModel.Result.VOID;
        }
    }

    /** @return true if the {@code @Start} method's signature could not be resolved yet */
    private boolean checkStart(TypeElement spider, AnnotationMirror spiderMirror, Report report) {
        List<ExecutableElement> starts = ParseMethods.start(spider, elements);
        boolean unresolved = false;
        for (int i = 0; i < starts.size(); i++) {
            ExecutableElement method = starts.get(i);
            boolean own = method.getEnclosingElement().equals(spider);
            Element at = own ? method : spider;
            String methodName = method.getSimpleName().toString();
            if (i > 0) {
                report.error(
                        at,
                        Message.DUPLICATE_START.format(
                                Annotations.string(spiderMirror, "name", ""),
                                describe(starts.get(0), spider),
                                describe(method, spider)));
            }
            if (Annotations.has(method, Names.PARSE) || Annotations.has(method, Names.ERRBACK)) {
                report.error(at, Message.START_AND_HANDLER.format(methodName));
            }
            checkModifiers(spider, method, "Start", report);
            CallbackModel.Result result = checkSignature(spider, method, "Start", "List<String>", report);
            if (result == null) {
                unresolved = true;
            } else if (result.element() == CallbackModel.Element.ITEM) {
                report.error(at, Message.START_RETURNS_ITEMS.format(methodName, method.getReturnType()));
            }
        }
        return unresolved;
    }

    /** One {@code @Blocked} method at most, {@code boolean name(Response)}, callable by the generated dispatcher. */
    private void checkBlocked(TypeElement spider, AnnotationMirror spiderMirror, Report report) {
        List<ExecutableElement> found = ParseMethods.blocked(spider, elements);
        for (int i = 0; i < found.size(); i++) {
            ExecutableElement method = found.get(i);
            Element at = method.getEnclosingElement().equals(spider) ? method : spider;
            String methodName = method.getSimpleName().toString();
            if (i > 0) {
                report.error(
                        at,
                        Message.DUPLICATE_BLOCKED.format(
                                Annotations.string(spiderMirror, "name", ""),
                                describe(found.get(0), spider),
                                describe(method, spider)));
            }
            if (Annotations.has(method, Names.PARSE)
                    || Annotations.has(method, Names.ERRBACK)
                    || Annotations.has(method, Names.START)) {
                report.error(at, Message.BLOCKED_AND_HANDLER.format(methodName));
            }
            checkModifiers(spider, method, "Blocked", report);
            boolean oneResponse = method.getParameters().size() == 1
                    && "Response"
                            .equals(parameterType(method.getParameters().get(0).asType()));
            if (method.getReturnType().getKind() != TypeKind.BOOLEAN || !oneResponse) {
                String params = method.getParameters().stream()
                        .map(p -> p.asType().toString())
                        .collect(Collectors.joining(", "));
                report.error(
                        at,
                        Message.BLOCKED_SIGNATURE.format(
                                methodName,
                                method.getReturnType() + " " + methodName + "(" + params + ")",
                                methodName));
            }
        }
    }

    private static String describe(ExecutableElement method, TypeElement spider) {
        return "method "
                + (method.getEnclosingElement().equals(spider)
                        ? ""
                        : method.getEnclosingElement().getSimpleName() + ".")
                + method.getSimpleName() + "()";
    }

    /** "Response", "Failure", "Crawl" or "List<String>", or null for anything else. */
    static @Nullable String parameterType(TypeMirror type) {
        if (!(type instanceof DeclaredType d)) return null;
        String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
        return switch (name) {
            case Names.RESPONSE_NAME -> "Response";
            case Names.FAILURE_NAME -> "Failure";
            case Names.CRAWL_NAME -> "Crawl";
            case "java.util.List" ->
                d.getTypeArguments().size() == 1
                                && d.getTypeArguments().get(0).toString().equals("java.lang.String")
                        ? "List<String>"
                        : null;
            default -> null;
        };
    }
}
