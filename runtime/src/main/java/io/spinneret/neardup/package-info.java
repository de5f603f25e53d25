/**
 * Near-duplicate pages: the {@link SimHash} of a page's main text ({@link PageText}), looked up in
 * the scheduler's {@link io.spinneret.spi.SimHashIndex} by {@link NearDuplicates}, which the
 * engine asks after each callback when {@code near_duplicates} is {@code mark} or {@code drop}.
 */
@NullMarked
package io.spinneret.neardup;

import org.jspecify.annotations.NullMarked;
