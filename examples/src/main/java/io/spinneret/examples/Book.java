package io.spinneret.examples;

import io.spinneret.annotations.Item;

/**
 * A book from books.toscrape.com's detail page.
 *
 * @param price in pounds, e.g. 51.77 for {@code £51.77}
 * @param availability e.g. {@code In stock (22 available)}
 * @param rating stars, 1 to 5
 * @param category the breadcrumb's category, e.g. {@code Poetry}
 */
@Item(key = "upc")
public record Book(
        String url, String title, double price, String upc, String availability, int rating, String category) {}
