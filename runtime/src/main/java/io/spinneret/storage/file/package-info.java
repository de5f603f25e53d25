/** File storages: JSON Lines and CSV. */
@NullMarked
package io.spinneret.storage.file;

import org.jspecify.annotations.NullMarked;
