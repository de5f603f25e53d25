package io.spinneret.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Set equality whose failure message is a short difference: the counts, and the first few elements
 * missing and unexpected, never the whole collections (a crawl's thousands of URLs).
 */
public final class SameElements {
    static final int SHOWN = 5;

    private SameElements() {}

    /** Fails unless {@code actual} holds exactly the distinct elements of {@code expected}. */
    public static void assertSameElements(Collection<?> expected, Collection<?> actual, String what) {
        difference(expected, actual).ifPresent(d -> fail(what + ": " + d));
    }

    /** The difference as one short line, or empty if the two hold the same distinct elements. */
    static Optional<String> difference(Collection<?> expected, Collection<?> actual) {
        Set<Object> want = new LinkedHashSet<>(expected);
        Set<Object> got = new LinkedHashSet<>(actual);
        List<Object> missing = new ArrayList<>();
        for (Object e : want) if (!got.contains(e)) missing.add(e);
        List<Object> unexpected = new ArrayList<>();
        for (Object e : got) if (!want.contains(e)) unexpected.add(e);
        if (missing.isEmpty() && unexpected.isEmpty()) return Optional.empty();
        StringBuilder b = new StringBuilder()
                .append(missing.size())
                .append(" missing, ")
                .append(unexpected.size())
                .append(" unexpected")
                .append(" (expected ")
                .append(want.size())
                .append(", got ")
                .append(got.size())
                .append(')');
        if (!missing.isEmpty()) b.append("; missing: ").append(firstFew(missing));
        if (!unexpected.isEmpty()) b.append("; unexpected: ").append(firstFew(unexpected));
        return Optional.of(b.toString());
    }

    private static String firstFew(List<Object> elements) {
        List<String> shown = elements.stream().limit(SHOWN).map(String::valueOf).toList();
        int more = elements.size() - shown.size();
        return "[" + String.join(", ", shown) + (more > 0 ? ", ... " + more + " more" : "") + "]";
    }
}
