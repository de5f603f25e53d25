/** The frontier: the {@link io.spinneret.spi.Scheduler} contract and its implementations. */
@NullMarked
package io.spinneret.scheduler;

import org.jspecify.annotations.NullMarked;
