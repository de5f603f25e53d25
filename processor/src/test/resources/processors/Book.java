package test.processors;

import io.spinneret.annotations.Item;

@Item(key = "upc")
public record Book(String url, String title, double price, String upc) {}
