/**
 * The built-in frontiers ({@code memory}, {@code sqlite}, {@code redis}, in subpackages) and
 * {@link io.spinneret.scheduler.Schedulers}, which opens the one the {@code scheduler} setting names.
 * The contract they implement is {@link io.spinneret.spi.Scheduler}.
 */
@NullMarked
package io.spinneret.scheduler;

import org.jspecify.annotations.NullMarked;
