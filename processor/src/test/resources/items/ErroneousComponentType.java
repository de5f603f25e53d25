package test.items;

import io.spinneret.annotations.Item;
import java.util.List;
import java.util.Map;

@Item(key = "id")
public record ErroneousComponentType(
        String id,
        Object payload,
        Map<Integer, String> byNumber,
        int[] scores,
        List<Thread> threads) {}
