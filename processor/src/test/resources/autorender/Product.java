package test;

import io.spinneret.annotations.Item;

@Item(key = "name")
public record Product(String name, String price, int rows) {}
