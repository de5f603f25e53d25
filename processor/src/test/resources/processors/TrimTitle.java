package test.processors;

import io.spinneret.items.ItemProcessor;

public final class TrimTitle implements ItemProcessor<Book> {
    @Override
    public Book process(Book b) {
        return new Book(b.url(), b.title().strip(), b.price(), b.upc());
    }
}
