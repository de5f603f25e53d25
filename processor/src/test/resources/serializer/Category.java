package test.serializer;

import io.spinneret.annotations.Item;
import java.util.Collection;

/** A recursive record, stored as JSON. */
@Item(key = "name")
public record Category(String name, Collection<Category> children) {}
