package io.spinneret.examples;

import io.spinneret.annotations.Item;
import java.util.List;

/**
 * A quote from quotes.toscrape.com.
 *
 * @param text the quote with its curly quotation marks; the key
 * @param tags stored as a JSON array by the storages
 */
@Item(key = "text")
public record Quote(String text, String author, List<String> tags) {}
