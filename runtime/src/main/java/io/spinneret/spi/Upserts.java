package io.spinneret.spi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Helpers shared by the storages that upsert on an item's key. */
public final class Upserts {
    private Upserts() {}

    /**
     * The rows of a batch with only the last row of each key, in their original order. Writing the
     * result gives the same table as upserting every row one after the other, and it is what
     * multi-row statements need: PostgreSQL refuses to update one row twice in one statement.
     *
     * @return {@code rows} itself when no key repeats, the common case
     */
    public static <R> List<R> lastPerKey(List<R> rows, Function<R, Object> key) {
        Map<Object, Integer> last = new HashMap<>(rows.size() * 2);
        for (int i = 0; i < rows.size(); i++) last.put(key.apply(rows.get(i)), i);
        if (last.size() == rows.size()) return rows;
        List<R> kept = new ArrayList<>(last.size());
        for (int i = 0; i < rows.size(); i++) {
            if (last.get(key.apply(rows.get(i))) == i) kept.add(rows.get(i));
        }
        return kept;
    }
}
