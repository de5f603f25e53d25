package io.spinneret.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SameElementsTest {
    @Test
    void theSameElementsInAnotherOrderPass() {
        SameElements.assertSameElements(List.of("a", "b", "c"), List.of("c", "a", "b"), "letters");
    }

    @Test
    void aFailureNamesTheCountsAndOnlyTheFirstFewDifferences() {
        List<String> expected = IntStream.range(0, 10_000)
                .mapToObj(i -> "http://example.com/crash/" + i)
                .toList();
        List<String> actual = new ArrayList<>(expected.subList(50, expected.size()));
        actual.add("http://example.com/extra");
        AssertionError e =
                assertThrows(AssertionError.class, () -> SameElements.assertSameElements(expected, actual, "frontier"));
        assertEquals(
                "frontier: 50 missing, 1 unexpected (expected 10000, got 9951);"
                        + " missing: [http://example.com/crash/0, http://example.com/crash/1, http://example.com/crash/2,"
                        + " http://example.com/crash/3, http://example.com/crash/4, ... 45 more];"
                        + " unexpected: [http://example.com/extra]",
                e.getMessage());
        assertTrue(e.getMessage().length() < 400, "short: " + e.getMessage().length());
    }
}
