package io.spinneret.processor;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Spider>_Callbacks}: one constant per callback and errback name, for code that
 * cannot use a literal (the processor checks literals and these constants alike).
 */
final class CallbacksGenerator {
    private CallbacksGenerator() {}

    static JavaFile generate(SpiderModel spider, Element origin) {
        TypeSpec.Builder type = TypeSpec.classBuilder(spider.constants())
                .addOriginatingElement(origin)
                .addJavadoc("Callback names of spider {@code $L} ({@link $T}).\n", spider.name(), spider.type())
                .addAnnotation(Generators.generated())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL);
        for (CallbackModel c : spider.callbacks()) {
            type.addField(FieldSpec.builder(
                            String.class,
                            Names.constantName(c.name()),
                            Modifier.PUBLIC,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("Handled by {@code $L()}.\n", c.method())
                    .initializer("$S", c.name())
                    .build());
        }
        for (CallbackModel c : spider.errbacks()) {
            type.addField(FieldSpec.builder(
                            String.class,
                            Names.constantName(c.name()),
                            Modifier.PUBLIC,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("Errback: failures handled by {@code $L()}.\n", c.method())
                    .initializer("$S", c.name())
                    .build());
        }
        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        return JavaFile.builder(spider.constants().packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }
}
