package io.spinneret.examples;

import io.spinneret.annotations.Item;

/**
 * A book merged from two responses: its detail page (title, price, rating, category) and its
 * JSON document on the replica's API (the exact stock and the reviews), fetched inline by
 * {@link BooksApiSpider}.
 *
 * @param stock copies in stock, from the API
 * @param reviews how many reviews the API lists
 * @param meanStars their mean stars to one decimal, 0 without reviews
 */
@Item(key = "upc")
public record StockedBook(
        String url,
        String title,
        double price,
        String upc,
        int rating,
        String category,
        int stock,
        int reviews,
        double meanStars) {}
