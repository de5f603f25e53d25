package ${package};

import io.spinneret.annotations.Item;

/** One product of the catalogue; {@code url} is its key (a crawl run twice stores it once in a database). */
@Item(key = "url")
public record Product(String url, String title, double price) {}
