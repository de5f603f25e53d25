package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The code of a spider's {@code @Follow} rules in its dispatch class: a {@code LINK_RULES} list of
 * {@code LinkRule}s built with {@code LinkSelector}'s methods from the checked literals, and the
 * dispatcher's {@code linkRules()} returning it.
 */
final class LinkRulesCode {
    private static final TypeName LIST_RULES = ParameterizedTypeName.get(ClassName.get(List.class), Names.LINK_RULE);

    private LinkRulesCode() {}

    static FieldSpec field(List<LinkRuleModel> rules) {
        CodeBlock.Builder init = CodeBlock.builder().add("$T.of(\n", List.class).indent();
        for (int i = 0; i < rules.size(); i++) {
            init.add("$L$L\n", rule(rules.get(i)), i + 1 < rules.size() ? "," : "");
        }
        init.unindent().add(")");
        return FieldSpec.builder(LIST_RULES, "LINK_RULES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(init.build())
                .build();
    }

    static MethodSpec getter() {
        return MethodSpec.methodBuilder("linkRules")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(LIST_RULES)
                .addStatement("return LINK_RULES")
                .build();
    }

    private static CodeBlock rule(LinkRuleModel r) {
        CodeBlock.Builder selector = CodeBlock.builder().add("$T.DEFAULT", Names.LINK_SELECTOR);
        call(selector, "css", r.css());
        if (!r.tags().equals(List.of("a", "area"))) call(selector, "tags", r.tags());
        if (!r.attrs().equals(List.of("href"))) call(selector, "attrs", r.attrs());
        call(selector, "allow", r.allow());
        call(selector, "deny", r.deny());
        call(selector, "allowGlob", r.allowGlob());
        call(selector, "denyGlob", r.denyGlob());
        if (!r.scope().equals("SAME_HOST")) selector.add(".scope($T.$L)", Names.FOLLOW_SCOPE, r.scope());
        return CodeBlock.of(
                "new $T($L, $S, $L, $T.of($L))",
                Names.LINK_RULE,
                selector.build(),
                r.callback(),
                r.priority(),
                List.class,
                strings(r.on()));
    }

    private static void call(CodeBlock.Builder b, String method, List<String> values) {
        if (!values.isEmpty()) b.add(".$L($L)", method, strings(values));
    }

    private static String strings(List<String> values) {
        return values.stream().map(v -> CodeBlock.of("$S", v).toString()).collect(Collectors.joining(", "));
    }
}
