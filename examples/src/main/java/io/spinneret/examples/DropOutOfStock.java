package io.spinneret.examples;

import io.spinneret.items.DropItem;
import io.spinneret.items.ItemProcessor;

/** Drops the books that cannot be bought: counted as {@code items_dropped/out of stock}. */
public final class DropOutOfStock implements ItemProcessor<CheckedBook> {
    @Override
    public CheckedBook process(CheckedBook b) {
        if (!b.availability().startsWith("In stock"))
            throw new DropItem("out of stock", b.title() + ": " + b.availability());
        return b;
    }
}
