package test.processors;

import io.spinneret.annotations.Item;

@Item(key = "name")
public record Author(String name) {}
