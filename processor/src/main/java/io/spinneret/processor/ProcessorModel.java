package io.spinneret.processor;

import com.palantir.javapoet.ClassName;

/**
 * One class of a spider's {@code @ItemProcessors}, as the dispatch generator wires it.
 *
 * @param processor the class implementing {@code ItemProcessor<X>}
 * @param item the {@code @Item} record {@code X} it handles
 */
record ProcessorModel(ClassName processor, ClassName item) {}
