package test.items;

import io.spinneret.annotations.Item;

@Item(key = "id")
public class ErroneousNotRecord {
    String id;
}
