package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Spider>_Dispatch}: the spider's {@code SpiderDefinition}, whose dispatcher is a
 * {@code switch} on the callback name that calls each {@code @Parse} method directly and hands
 * what it returns to the crawl.
 */
final class DispatchGenerator {
    private static final TypeName LIST_STRING = ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class));

    private DispatchGenerator() {}

    static JavaFile generate(SpiderModel spider, Element origin) {
        ClassName self = spider.dispatch();
        TypeSpec type = TypeSpec.classBuilder(self)
                .addOriginatingElement(origin)
                .addJavadoc("Dispatch table of spider {@code $L} ({@link $T}): calls callbacks by name, without reflection.\n",
                        spider.name(), spider.type())
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(Names.SPIDER_DEFINITION)
                .addField(list("CALLBACKS", spider.callbackNames()))
                .addField(list("START_URLS", spider.startUrls()))
                .addField(list("SETTINGS", spider.settings()))
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).build())
                .addMethod(getter("name", ClassName.get(String.class), CodeBlock.of("$S", spider.name())))
                .addMethod(getter("className", ClassName.get(String.class), CodeBlock.of("$S", spider.type().reflectionName())))
                .addMethod(getter("startUrls", LIST_STRING, CodeBlock.of("START_URLS")))
                .addMethod(getter("renderer", Names.RENDERER, CodeBlock.of("$T.$L", Names.RENDERER, spider.renderer())))
                .addMethod(getter("settings", LIST_STRING, CodeBlock.of("SETTINGS")))
                .addMethod(getter("callbacks", LIST_STRING, CodeBlock.of("CALLBACKS")))
                .addMethod(MethodSpec.methodBuilder("newDispatcher").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(Names.DISPATCHER)
                        .addStatement("var spider = new $T$L()", spider.type(), spider.generic() ? "<>" : "")
                        .addStatement("return (callback, response, crawl) -> dispatch(spider, callback, response, crawl)")
                        .build())
                .addMethod(dispatch(spider))
                .build();
        return JavaFile.builder(self.packageName(), type).skipJavaLangImports(true).indent("    ").build();
    }

    private static FieldSpec list(String name, List<String> values) {
        String args = values.stream().map(v -> CodeBlock.of("$S", v).toString()).collect(Collectors.joining(", "));
        return FieldSpec.builder(LIST_STRING, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($L)", List.class, args).build();
    }

    private static MethodSpec getter(String name, TypeName type, CodeBlock value) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(type).addStatement("return $L", value).build();
    }

    private static MethodSpec dispatch(SpiderModel spider) {
        TypeName spiderType = spider.generic() ? ParameterizedTypeName.get(spider.type(), wildcards(spider)) : spider.type();
        CodeBlock.Builder body = CodeBlock.builder().beginControlFlow("switch (callback)");
        for (CallbackModel c : spider.callbacks()) {
            body.beginControlFlow("case $S ->", c.name()).add(call(c)).endControlFlow();
        }
        body.addStatement("default -> throw new $T($S, callback, CALLBACKS)", Names.UNKNOWN_CALLBACK, spider.name());
        body.endControlFlow();
        return MethodSpec.methodBuilder("dispatch").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(spiderType, "spider").addParameter(String.class, "callback")
                .addParameter(Names.RESPONSE, "response").addParameter(Names.CRAWL, "crawl")
                .addException(Exception.class)
                .addCode(body.build())
                .build();
    }

    private static TypeName[] wildcards(SpiderModel spider) {
        return new TypeName[] {com.palantir.javapoet.WildcardTypeName.subtypeOf(Object.class)};
    }

    /** The statements of one case: the call, then the adaptation of its result. */
    private static CodeBlock call(CallbackModel c) {
        String args = c.parameters().stream().map(p -> p == CallbackModel.Parameter.RESPONSE ? "response" : "crawl")
                .collect(Collectors.joining(", "));
        CodeBlock invoke = CodeBlock.of("spider.$N($L)", c.method(), args);
        CallbackModel.Result r = c.result();
        CodeBlock.Builder out = CodeBlock.builder();
        if (r.shape() == CallbackModel.Shape.VOID) return out.addStatement("$L", invoke).build();
        if (r.element() == CallbackModel.Element.ANY) return out.addStatement("$T.value($L, crawl)", Names.EMIT, invoke).build();
        String sink = r.element() == CallbackModel.Element.REQUEST ? "request" : "emit";
        out.addStatement("var result = $L", invoke);
        switch (r.shape()) {
            case SINGLE -> out.beginControlFlow("if (result != null)").addStatement("crawl.$L(result)", sink).endControlFlow();
            case ITERABLE, ARRAY -> out.beginControlFlow("if (result != null)")
                    .beginControlFlow("for (var value : result)")
                    .beginControlFlow("if (value != null)").addStatement("crawl.$L(value)", sink).endControlFlow()
                    .endControlFlow()
                    .endControlFlow();
            case STREAM -> out.beginControlFlow("if (result != null)")
                    .beginControlFlow("try (result)")
                    .beginControlFlow("result.forEachOrdered(value ->")
                    .beginControlFlow("if (value != null)").addStatement("crawl.$L(value)", sink).endControlFlow()
                    .endControlFlow(")")
                    .endControlFlow()
                    .endControlFlow();
            case OPTIONAL -> out.beginControlFlow("if (result != null)")
                    .addStatement("result.ifPresent(crawl::$L)", sink)
                    .endControlFlow();
            case VOID -> throw new IllegalStateException();
        }
        return out.build();
    }
}
