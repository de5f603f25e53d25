/**
 * What happens to an item between the callback that emitted it and storage: the spider's
 * {@link io.spinneret.items.ItemProcessor} chain per item type, then the constraints the annotation
 * processor generated from the record's Jakarta Validation annotations. An item a processor drops
 * ({@link io.spinneret.items.DropItem}) or that breaks a constraint is counted by reason and never
 * stored; see {@code docs/items.md}.
 */
@NullMarked
package io.spinneret.items;

import org.jspecify.annotations.NullMarked;
