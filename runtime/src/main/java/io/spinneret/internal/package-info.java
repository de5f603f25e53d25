/**
 * The contract between generated code and the runtime (spider definitions, dispatchers, item
 * schemas, the registry) plus helpers generated code calls. Not for hand-written code.
 */
@NullMarked
package io.spinneret.internal;

import org.jspecify.annotations.NullMarked;
