package io.spinneret.examples;

import io.spinneret.annotations.Item;

/**
 * A quote as found on one page, for a crawl that sees each quote on two pages (the static and the
 * script-built half of quotes.toscrape.com).
 *
 * @param id the page's URL and the quote's position on it, {@code ...#3}; the key
 */
@Item(key = "id")
public record PageQuote(String id, String text, String author) {}
