package io.spinneret.examples;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.QuotesSite;
import io.spinneret.examples.replica.Site;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Which replica each example spider crawls, and the replicas by name. */
final class Replicas {
    private Replicas() {}

    /** A replica for a spider: the site and the path its crawl starts at. */
    record Target(String site, Supplier<Site> factory, String startPath) {}

    private static final Map<String, Target> BY_SPIDER = Map.of(
            "books", new Target("books", BooksSite::standard, ""),
            "books_api", new Target("books", BooksSite::standard, ""),
            "book_covers", new Target("books", BooksSite::standard, ""),
            "books_text", new Target("books", BooksSite::standard, ""),
            "quotes", new Target("quotes", QuotesSite::standard, ""),
            "quotes_js", new Target("quotes", QuotesSite::standard, "js/"),
            "quotes_mixed", new Target("quotes", QuotesSite::standard, ""));

    /** The replica the spider named {@code spider} crawls, if it is one of the examples. */
    static Optional<Target> forSpider(String spider) {
        return Optional.ofNullable(BY_SPIDER.get(spider));
    }

    static List<String> spiders() {
        return BY_SPIDER.keySet().stream().sorted().toList();
    }

    /**
     * A site by name: {@code books}, {@code quotes}, or {@code wide} with {@code books} books.
     *
     * @throws IllegalArgumentException for another name
     */
    static Site site(String name, int books) {
        return switch (name) {
            case "books" -> BooksSite.standard();
            case "wide" -> BooksSite.wide(books);
            case "quotes" -> QuotesSite.standard();
            default -> throw new IllegalArgumentException("unknown site '" + name + "'; sites: books, wide, quotes");
        };
    }
}
