/** The frontier: the {@link io.spinneret.scheduler.Scheduler} contract and its implementations. */
@NullMarked
package io.spinneret.scheduler;

import org.jspecify.annotations.NullMarked;
