package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The parts of {@code <Spider>_Dispatch} for a spider with {@code @Arg} fields: the
 * {@code ARGUMENTS} list and its getter, {@code newDispatcher()} handing an empty map to
 * {@code newDispatcher(Map)}, and in that method the check of the map and one assignment per field
 * with the conversion its type needs.
 */
final class ArgumentsGenerator {
    static final TypeName ARGUMENTS_MAP = ParameterizedTypeName.get(
            ClassName.get(Map.class), ClassName.get(String.class), ClassName.get(String.class));
    private static final TypeName SPEC_LIST = ParameterizedTypeName.get(ClassName.get(List.class), Names.ARGUMENT_SPEC);

    private ArgumentsGenerator() {}

    /** Adds the field, the getter and the no-argument {@code newDispatcher()}. */
    static void addMembers(TypeSpec.Builder type, SpiderModel spider) {
        CodeBlock specs =
                spider.arguments().stream().map(ArgumentsGenerator::spec).collect(CodeBlock.joining(",\n"));
        type.addField(FieldSpec.builder(SPEC_LIST, "ARGUMENTS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of(\n$>$L$<)", List.class, specs)
                .build());
        type.addMethod(MethodSpec.methodBuilder("arguments")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(SPEC_LIST)
                .addStatement("return ARGUMENTS")
                .build());
        type.addMethod(MethodSpec.methodBuilder("newDispatcher")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(Names.DISPATCHER)
                .addStatement("return newDispatcher($T.of())", Map.class)
                .build());
    }

    private static CodeBlock spec(ArgumentModel a) {
        String choices =
                a.choices().stream().map(c -> CodeBlock.of("$S", c).toString()).collect(Collectors.joining(", "));
        return CodeBlock.of(
                "new $T($S, $T.$L, $T.of($L), $L, $S)",
                Names.ARGUMENT_SPEC,
                a.name(),
                Names.ARG_TYPE,
                a.type().name(),
                List.class,
                choices,
                a.defaultValue() == null
                        ? "null"
                        : CodeBlock.of("$S", a.defaultValue()).toString(),
                a.help());
    }

    /** The statement checking the map, first in {@code newDispatcher(Map)}: {@code var args = SpiderArguments.check(this, arguments)}. */
    static CodeBlock check() {
        return CodeBlock.builder()
                .addStatement("var args = $T.check(this, arguments)", Names.SPIDER_ARGUMENTS)
                .build();
    }

    /** One assignment per {@code @Arg} field of {@code spider}, the new instance. */
    static CodeBlock assignments(SpiderModel spider) {
        CodeBlock.Builder out = CodeBlock.builder();
        List<ArgumentModel> arguments = spider.arguments();
        for (int i = 0; i < arguments.size(); i++) {
            ArgumentModel a = arguments.get(i);
            CodeBlock value = CodeBlock.of("args.get($S)", a.name());
            CodeBlock converted = switch (a.type()) {
                case STRING -> value;
                case INT -> CodeBlock.of("$T.toInt($L)", Names.SPIDER_ARGUMENTS, value);
                case LONG -> CodeBlock.of("$T.toLong($L)", Names.SPIDER_ARGUMENTS, value);
                case DOUBLE -> CodeBlock.of("$T.toDouble($L)", Names.SPIDER_ARGUMENTS, value);
                case BOOLEAN -> CodeBlock.of("$T.toBoolean($L)", Names.SPIDER_ARGUMENTS, value);
                case LIST -> CodeBlock.of("$T.toList($L)", Names.SPIDER_ARGUMENTS, value);
                case ENUM ->
                    CodeBlock.of(
                            "$T.valueOf($T.toChoice($L, ARGUMENTS.get($L).choices()))",
                            a.enumType(),
                            Names.SPIDER_ARGUMENTS,
                            value,
                            i);
            };
            out.addStatement("spider.$N = $L", a.field(), converted);
        }
        return out.build();
    }
}
