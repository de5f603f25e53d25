package io.spinneret.examples;

import io.spinneret.annotations.Item;

/**
 * A product as {@link ProductsSpider} reads it from a page's structured data.
 *
 * @param url the product page; the key
 * @param price the first offer's price, NaN when it has none
 * @param source {@code json-ld} or {@code microdata}: where the product was found
 */
@Item(key = "url")
public record Product(String url, String name, String sku, double price, String currency, String source) {}
