package test.items;

import io.spinneret.annotations.Item;

@Item(key = "ipc")
public record ErroneousUnknownKey(String url, String upc, double price) {}
