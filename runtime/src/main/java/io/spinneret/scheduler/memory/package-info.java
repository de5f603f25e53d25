/** The in-memory scheduler. */
@NullMarked
package io.spinneret.scheduler.memory;

import org.jspecify.annotations.NullMarked;
