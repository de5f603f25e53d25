/** The MongoDB storage, on the synchronous driver. */
@NullMarked
package io.spinneret.storage.mongo;

import org.jspecify.annotations.NullMarked;
