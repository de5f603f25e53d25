/** File storages: JSON Lines and CSV. */
@NullMarked
package io.spinneret.storage.feed;

import org.jspecify.annotations.NullMarked;
