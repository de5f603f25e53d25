package io.spinneret.testing;

/** The item of {@link BooksFixture}. */
public record Book(String url, String title, double price, String upc) {}
