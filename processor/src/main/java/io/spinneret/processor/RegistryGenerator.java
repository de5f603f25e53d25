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
import javax.lang.model.element.Modifier;

/**
 * Writes the registry of one compilation: every spider definition and item schema, sorted by
 * class name so the output does not depend on round or file order. The registry names its spiders
 * ({@code spiderClasses}) without making them, and makes a definition only when asked for it
 * ({@code spider(name)}, or all of them in a nested holder class on the first {@code spiders()}):
 * a crawl then loads and initialises the dispatch class of the one spider it runs.
 */
final class RegistryGenerator {
    private RegistryGenerator() {}

    static JavaFile generate(ClassName registry, List<RegisteredSpider> spiders, List<ClassName> serializers) {
        TypeName definitions = ParameterizedTypeName.get(ClassName.get(List.class), Names.SPIDER_DEFINITION);
        TypeName schemas = ParameterizedTypeName.get(
                ClassName.get(List.class),
                ParameterizedTypeName.get(Names.ITEM_SCHEMA, WildcardTypeName.subtypeOf(Object.class)));
        TypeName classes = ParameterizedTypeName.get(Map.class, String.class, String.class);
        List<ClassName> dispatches =
                spiders.stream().map(RegisteredSpider::dispatch).toList();
        TypeSpec all = TypeSpec.classBuilder("AllSpiders")
                .addJavadoc("Every definition, made on the first call of {@code spiders()}.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addField(FieldSpec.builder(definitions, "SPIDERS", Modifier.STATIC, Modifier.FINAL)
                        .initializer(listOf(dispatches, "new $T()"))
                        .build())
                .build();
        TypeSpec type = TypeSpec.classBuilder(registry)
                .addJavadoc(
                        "The spiders and items of this compilation, found by {@code ServiceLoader} through\n"
                                + "{@code $L}.\n",
                        Names.REGISTRY_SERVICE)
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(Names.SPIDER_REGISTRY)
                .addField(
                        FieldSpec.builder(classes, "SPIDER_CLASSES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                                .initializer(spiderClasses(spiders))
                                .build())
                .addField(FieldSpec.builder(schemas, "ITEMS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(listOf(serializers, "$T.INSTANCE"))
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .build())
                .addMethod(MethodSpec.methodBuilder("spiders")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(definitions)
                        .addStatement("return AllSpiders.SPIDERS")
                        .build())
                .addMethod(MethodSpec.methodBuilder("spiderClasses")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(classes)
                        .addStatement("return SPIDER_CLASSES")
                        .build())
                .addMethod(MethodSpec.methodBuilder("spider")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(Names.SPIDER_DEFINITION)
                        .addParameter(String.class, "name")
                        .addCode(CodeBlock.of("return $L;\n", spiderByName(spiders)))
                        .build())
                .addMethod(MethodSpec.methodBuilder("items")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(schemas)
                        .addStatement("return ITEMS")
                        .build())
                .addType(all)
                .build();
        return JavaFile.builder(registry.packageName(), type)
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    /** {@code Map.ofEntries(Map.entry("name", "com.example.Spider"), ...)}. */
    private static CodeBlock spiderClasses(List<RegisteredSpider> spiders) {
        if (spiders.isEmpty()) return CodeBlock.of("$T.of()", Map.class);
        CodeBlock.Builder b =
                CodeBlock.builder().add("$T.ofEntries(", Map.class).indent();
        for (int i = 0; i < spiders.size(); i++) {
            RegisteredSpider s = spiders.get(i);
            b.add("\n$T.entry($S, $S)", Map.class, s.name(), s.spiderClass()).add(i + 1 < spiders.size() ? "," : "");
        }
        return b.unindent().add(")").build();
    }

    /** A switch on the name that makes that spider's definition, null for any other name. */
    private static CodeBlock spiderByName(List<RegisteredSpider> spiders) {
        CodeBlock.Builder b = CodeBlock.builder().add("switch (name) {\n").indent();
        for (RegisteredSpider s : spiders) b.add("case $S -> new $T();\n", s.name(), s.dispatch());
        return b.add("default -> null;\n").unindent().add("}").build();
    }

    private static CodeBlock listOf(List<ClassName> classes, String element) {
        if (classes.isEmpty()) return CodeBlock.of("$T.of()", List.class);
        CodeBlock.Builder b = CodeBlock.builder().add("$T.of(", List.class).indent();
        for (int i = 0; i < classes.size(); i++) {
            b.add("\n").add(element, classes.get(i)).add(i + 1 < classes.size() ? "," : "");
        }
        return b.unindent().add(")").build();
    }
}
