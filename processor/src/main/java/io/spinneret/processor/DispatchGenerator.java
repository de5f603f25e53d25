package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Spider>_Dispatch}: the spider's {@code SpiderDefinition}, whose dispatcher is a
 * {@code switch} on the callback name that calls each {@code @Parse} method directly and hands
 * what it returns to the crawl; and, for a spider with {@code @Errback} methods, a second
 * {@code switch} that does the same for failed requests; the {@code @Follow} rules of a spider
 * with some ({@link LinkRulesCode}).
 */
final class DispatchGenerator {
    private static final TypeName LIST_STRING =
            ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class));

    private DispatchGenerator() {}

    static JavaFile generate(SpiderModel spider, Element origin) {
        ClassName self = spider.dispatch();
        boolean errbacks = !spider.errbacks().isEmpty();
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addOriginatingElement(origin)
                .addJavadoc(
                        "Dispatch table of spider {@code $L} ({@link $T}): calls callbacks by name, without reflection.\n",
                        spider.name(),
                        spider.type())
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(Names.SPIDER_DEFINITION)
                .addField(list("CALLBACKS", spider.callbackNames()));
        if (errbacks) type.addField(list("ERRBACKS", spider.errbackNames()));
        if (!spider.linkRules().isEmpty()) type.addField(LinkRulesCode.field(spider.linkRules()));
        type.addField(list("START_URLS", spider.startUrls()))
                .addField(list("SETTINGS", spider.settings()))
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .build())
                .addMethod(getter("name", ClassName.get(String.class), CodeBlock.of("$S", spider.name())))
                .addMethod(getter(
                        "className",
                        ClassName.get(String.class),
                        CodeBlock.of("$S", spider.type().reflectionName())))
                .addMethod(getter("startUrls", LIST_STRING, CodeBlock.of("START_URLS")))
                .addMethod(getter("renderer", Names.RENDERER, CodeBlock.of("$T.$L", Names.RENDERER, spider.renderer())))
                .addMethod(getter("settings", LIST_STRING, CodeBlock.of("SETTINGS")))
                .addMethod(getter("callbacks", LIST_STRING, CodeBlock.of("CALLBACKS")));
        if (errbacks) type.addMethod(getter("errbacks", LIST_STRING, CodeBlock.of("ERRBACKS")));
        if (!spider.arguments().isEmpty()) ArgumentsGenerator.addMembers(type, spider);
        if (!spider.processors().isEmpty()) type.addMethod(newProcessors(spider));
        if (!spider.requiredSelectors().isEmpty()) type.addMethod(requiredSelectors(spider));
        if (!spider.pageNeeds().isEmpty()) type.addMethod(pageNeeds(spider));
        type.addMethod(newDispatcher(spider)).addMethod(dispatch(spider));
        if (errbacks) type.addMethod(dispatchFailure(spider));
        return JavaFile.builder(self.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    /**
     * A lambda for a spider with callbacks only; else a class that also overrides
     * {@code dispatchFailure} (errbacks) and {@code start} (a {@code @Start} method).
     */
    private static MethodSpec newDispatcher(SpiderModel spider) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("newDispatcher")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(Names.DISPATCHER);
        boolean arguments = !spider.arguments().isEmpty();
        if (arguments)
            m.addParameter(ArgumentsGenerator.ARGUMENTS_MAP, "arguments").addCode(ArgumentsGenerator.check());
        m.addStatement("var spider = new $T$L()", spider.type(), spider.generic() ? "<>" : "");
        if (arguments) m.addCode(ArgumentsGenerator.assignments(spider));
        if (spider.errbacks().isEmpty()
                && spider.start() == null
                && spider.linkRules().isEmpty()
                && spider.blocked() == null) {
            return m.addStatement("return (callback, response, crawl) -> dispatch(spider, callback, response, crawl)")
                    .build();
        }
        TypeSpec.Builder dispatcher = TypeSpec.anonymousClassBuilder("")
                .addSuperinterface(Names.DISPATCHER)
                .addMethod(MethodSpec.methodBuilder("dispatch")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(String.class, "callback")
                        .addParameter(Names.RESPONSE, "response")
                        .addParameter(Names.CRAWL, "crawl")
                        .addException(Exception.class)
                        .addStatement("$T.dispatch(spider, callback, response, crawl)", spider.dispatch())
                        .build());
        if (!spider.errbacks().isEmpty()) {
            dispatcher.addMethod(MethodSpec.methodBuilder("dispatchFailure")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(String.class, "errback")
                    .addParameter(Names.FAILURE, "failure")
                    .addParameter(Names.CRAWL, "crawl")
                    .addException(Exception.class)
                    .addStatement("$T.dispatchFailure(spider, errback, failure, crawl)", spider.dispatch())
                    .build());
        }
        CallbackModel start = spider.start();
        if (start != null) {
            dispatcher.addMethod(MethodSpec.methodBuilder("start")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addParameter(LIST_STRING, "startUrls")
                    .addParameter(Names.CRAWL, "crawl")
                    .addException(Exception.class)
                    .addCode(call(start))
                    .addStatement("return true")
                    .build());
        }
        if (!spider.linkRules().isEmpty()) dispatcher.addMethod(LinkRulesCode.getter());
        if (spider.blocked() != null) {
            dispatcher.addMethod(MethodSpec.methodBuilder("blockedCheck")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(Names.BLOCKED_CHECK)
                    .addStatement("return spider::$L", spider.blocked())
                    .build());
        }
        return m.addStatement("return $L", dispatcher.build()).build();
    }

    /** {@code List.of(ProcessorLink.of(Book.class, "TrimTitle", new TrimTitle()::process), ...)}: new instances per crawl. */
    private static MethodSpec newProcessors(SpiderModel spider) {
        ClassName link = ClassName.get("io.spinneret.internal", "ProcessorLink");
        CodeBlock.Builder list =
                CodeBlock.builder().add("return $T.of(", List.class).indent();
        for (int i = 0; i < spider.processors().size(); i++) {
            ProcessorModel p = spider.processors().get(i);
            list.add(
                    "\n$T.of($T.class, $S, new $T()::process)$L",
                    link,
                    p.item(),
                    p.processor().simpleName(),
                    p.processor(),
                    i + 1 < spider.processors().size() ? "," : "");
        }
        list.unindent().add(")");
        return MethodSpec.methodBuilder("newProcessors")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), link))
                .addStatement("$L", list.build())
                .build();
    }

    /**
     * {@code Map.ofEntries(Map.entry("detail", "div.product_main"), ...)}: the callbacks' {@code @Parse(requires)}
     * selectors ({@code Map.of} takes at most ten pairs).
     */
    private static MethodSpec requiredSelectors(SpiderModel spider) {
        String entries = spider.requiredSelectors().entrySet().stream()
                .map(e -> CodeBlock.of("$T.entry($S, $S)", Map.class, e.getKey(), e.getValue())
                        .toString())
                .collect(Collectors.joining(", "));
        TypeName map = ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), ClassName.get(String.class));
        return getter("requiredSelectors", map, CodeBlock.of("$T.ofEntries($L)", Map.class, entries));
    }

    /**
     * {@code Map.ofEntries(Map.entry("detail", new PageNeeds(List.of("div.product_main h1", ...), List.of(), true)), ...)}:
     * what each readable callback looks for on its page, for {@code renderer = AUTO}.
     */
    private static MethodSpec pageNeeds(SpiderModel spider) {
        CodeBlock.Builder entries = CodeBlock.builder();
        int i = 0;
        for (Map.Entry<String, PageNeedsModel> e : spider.pageNeeds().entrySet()) {
            PageNeedsModel n = e.getValue();
            entries.add(
                    "$T.entry($S, new $T($L, $L, $L))",
                    Map.class,
                    e.getKey(),
                    Names.PAGE_NEEDS,
                    strings(n.css()),
                    strings(n.xpath()),
                    n.yieldsItems());
            if (++i < spider.pageNeeds().size()) entries.add(", ");
        }
        TypeName map =
                ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), Names.PAGE_NEEDS);
        return getter("pageNeeds", map, CodeBlock.of("$T.ofEntries($L)", Map.class, entries.build()));
    }

    private static CodeBlock strings(List<String> values) {
        String args = values.stream().map(v -> CodeBlock.of("$S", v).toString()).collect(Collectors.joining(", "));
        return CodeBlock.of("$T.of($L)", List.class, args);
    }

    private static FieldSpec list(String name, List<String> values) {
        String args = values.stream().map(v -> CodeBlock.of("$S", v).toString()).collect(Collectors.joining(", "));
        return FieldSpec.builder(LIST_STRING, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($L)", List.class, args)
                .build();
    }

    private static MethodSpec getter(String name, TypeName type, CodeBlock value) {
        return MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $L", value)
                .build();
    }

    private static MethodSpec dispatch(SpiderModel spider) {
        return switchOnName(
                spider,
                "dispatch",
                "callback",
                Names.RESPONSE,
                "response",
                spider.callbacks(),
                CodeBlock.of("throw new $T($S, callback, CALLBACKS)", Names.UNKNOWN_CALLBACK, spider.name()));
    }

    private static MethodSpec dispatchFailure(SpiderModel spider) {
        return switchOnName(
                spider,
                "dispatchFailure",
                "errback",
                Names.FAILURE,
                "failure",
                spider.errbacks(),
                CodeBlock.of("throw $T.errback($S, errback, ERRBACKS)", Names.UNKNOWN_CALLBACK, spider.name()));
    }

    /** {@code static void method(spider, String name, <input> input, Crawl crawl)}: a case per handler, else {@code unknown}. */
    private static MethodSpec switchOnName(
            SpiderModel spider,
            String method,
            String name,
            ClassName inputType,
            String input,
            List<CallbackModel> handlers,
            CodeBlock unknown) {
        CodeBlock.Builder body = CodeBlock.builder().beginControlFlow("switch ($N)", name);
        for (CallbackModel c : handlers) {
            body.beginControlFlow("case $S ->", c.name()).add(call(c)).endControlFlow();
        }
        body.addStatement("default -> $L", unknown);
        body.endControlFlow();
        return MethodSpec.methodBuilder(method)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(spiderType(spider), "spider")
                .addParameter(String.class, name)
                .addParameter(inputType, input)
                .addParameter(Names.CRAWL, "crawl")
                .addException(Exception.class)
                .addCode(body.build())
                .build();
    }

    private static TypeName spiderType(SpiderModel spider) {
        return spider.generic() ? ParameterizedTypeName.get(spider.type(), wildcards(spider)) : spider.type();
    }

    private static TypeName[] wildcards(SpiderModel spider) {
        return new TypeName[] {WildcardTypeName.subtypeOf(Object.class)};
    }

    /** The statements of one case: the call, then the adaptation of its result. */
    private static CodeBlock call(CallbackModel c) {
        String args = c.parameters().stream()
                .map(p -> switch (p) {
                    case RESPONSE -> "response";
                    case FAILURE -> "failure";
                    case CRAWL -> "crawl";
                    case START_URLS -> "startUrls";
                })
                .collect(Collectors.joining(", "));
        CodeBlock invoke = CodeBlock.of("spider.$N($L)", c.method(), args);
        CallbackModel.Result r = c.result();
        CodeBlock.Builder out = CodeBlock.builder();
        if (r.shape() == CallbackModel.Shape.VOID)
            return out.addStatement("$L", invoke).build();
        if (r.element() == CallbackModel.Element.ANY)
            return out.addStatement("$T.value($L, crawl)", Names.EMIT, invoke).build();
        String sink = r.element() == CallbackModel.Element.REQUEST ? "request" : "emit";
        out.addStatement("var result = $L", invoke);
        switch (r.shape()) {
            case SINGLE ->
                out.beginControlFlow("if (result != null)")
                        .addStatement("crawl.$L(result)", sink)
                        .endControlFlow();
            case ITERABLE, ARRAY ->
                out.beginControlFlow("if (result != null)")
                        .beginControlFlow("for (var value : result)")
                        .beginControlFlow("if (value != null)")
                        .addStatement("crawl.$L(value)", sink)
                        .endControlFlow()
                        .endControlFlow()
                        .endControlFlow();
            case STREAM ->
                out.beginControlFlow("if (result != null)")
                        .beginControlFlow("try (result)")
                        .add("result.forEachOrdered(value -> {\n")
                        .indent()
                        .beginControlFlow("if (value != null)")
                        .addStatement("crawl.$L(value)", sink)
                        .endControlFlow()
                        .unindent()
                        .add("});\n")
                        .endControlFlow()
                        .endControlFlow();
            case OPTIONAL ->
                out.beginControlFlow("if (result != null)")
                        .addStatement("result.ifPresent(crawl::$L)", sink)
                        .endControlFlow();
            case VOID -> throw new IllegalStateException();
        }
        return out.build();
    }
}
