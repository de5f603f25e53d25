/**
 * The Spinneret annotation processor: a thin {@link io.spinneret.processor.SpinneretProcessor}
 * hands each round to steps ({@code SpiderStep}, {@code ItemStep}); readers build models
 * ({@code SpiderModel}, {@code CallbackModel}, {@code ItemModel}); validators return a
 * {@code Report} and print nothing; one JavaPoet generator writes each artifact. Not an API.
 */
@NullMarked
package io.spinneret.processor;

import org.jspecify.annotations.NullMarked;
