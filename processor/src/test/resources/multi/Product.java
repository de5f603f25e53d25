package test.multi.common;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Key;

@Item(table = "products")
public record Product(@Key String sku, int stock) {}
