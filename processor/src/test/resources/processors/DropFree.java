package test.processors;

import io.spinneret.items.DropItem;
import io.spinneret.items.ItemProcessor;

public final class DropFree implements ItemProcessor<Book> {
    @Override
    public Book process(Book b) {
        if (b.price() == 0) throw new DropItem("free");
        return b;
    }
}
