package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.spinneret.spi.Upserts;
import java.util.List;
import org.junit.jupiter.api.Test;

class UpsertsTest {
    @Test
    void aBatchWithoutRepeatedKeysIsReturnedAsItIs() {
        List<String> rows = List.of("a1", "b1", "c1");
        assertSame(rows, Upserts.lastPerKey(rows, r -> r.charAt(0)));
    }

    @Test
    void onlyTheLastRowOfARepeatedKeyIsKeptInOrder() {
        List<String> rows = List.of("a1", "b1", "a2", "c1", "b2", "a3");
        assertEquals(List.of("c1", "b2", "a3"), Upserts.lastPerKey(rows, r -> r.charAt(0)));
    }
}
