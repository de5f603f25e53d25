package test.items;

import io.spinneret.annotations.Item;

@Item
public record ErroneousMissingKey(String url, String title) {}
