package io.spinneret.examples;

import io.spinneret.items.ItemProcessor;
import java.util.regex.Pattern;

/** Collapses runs of white space in a book's title into one space; a title already clean is passed on as it is. */
public final class NormalizeTitle implements ItemProcessor<CheckedBook> {
    private static final Pattern SPACES = Pattern.compile("\\s{2,}");

    @Override
    public CheckedBook process(CheckedBook b) {
        String title = SPACES.matcher(b.title().strip()).replaceAll(" ");
        if (title.equals(b.title())) return b;
        return new CheckedBook(b.url(), title, b.price(), b.upc(), b.availability(), b.rating(), b.category());
    }
}
