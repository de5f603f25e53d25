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
import javax.lang.model.element.Modifier;

/**
 * Writes the registry of one compilation: every spider definition and item schema, sorted by
 * class name so the output does not depend on round or file order.
 */
final class RegistryGenerator {
    private RegistryGenerator() {}

    static JavaFile generate(ClassName registry, List<ClassName> dispatches, List<ClassName> serializers) {
        TypeName definitions = ParameterizedTypeName.get(ClassName.get(List.class), Names.SPIDER_DEFINITION);
        TypeName schemas = ParameterizedTypeName.get(
                ClassName.get(List.class),
                ParameterizedTypeName.get(Names.ITEM_SCHEMA, WildcardTypeName.subtypeOf(Object.class)));
        TypeSpec type = TypeSpec.classBuilder(registry)
                .addJavadoc(
                        "The spiders and items of this compilation, found by {@code ServiceLoader} through\n"
                                + "{@code $L}.\n",
                        Names.REGISTRY_SERVICE)
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(Names.SPIDER_REGISTRY)
                .addField(FieldSpec.builder(definitions, "SPIDERS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(listOf(dispatches, "new $T()"))
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
                        .addStatement("return SPIDERS")
                        .build())
                .addMethod(MethodSpec.methodBuilder("items")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(schemas)
                        .addStatement("return ITEMS")
                        .build())
                .build();
        return JavaFile.builder(registry.packageName(), type)
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
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
