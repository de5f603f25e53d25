package io.spinneret.processor;

import com.palantir.javapoet.AnnotationSpec;

/** What all generators share. */
final class Generators {
    private Generators() {}

    /** {@code @Generated("io.spinneret.processor.SpinneretProcessor")}, without a date so output is reproducible. */
    static AnnotationSpec generated() {
        return AnnotationSpec.builder(Names.GENERATED)
                .addMember("value", "$S", SpinneretProcessor.class.getCanonicalName())
                .build();
    }
}
