package test.items;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Key;

@Item
public record ErroneousTwoKeys(
        @Key String url,
        @Key String sku,
        String title) {}
