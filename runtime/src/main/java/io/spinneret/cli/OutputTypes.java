package io.spinneret.cli;

import io.spinneret.internal.ItemSchema;
import io.spinneret.storage.Storages;
import java.util.Collection;
import java.util.Comparator;
import java.util.TreeSet;

/** Checks the item types named in {@code -o TYPE=TARGET} against the known {@code @Item} records. */
final class OutputTypes {
    private OutputTypes() {}

    /** @throws UsageException for a type that names no record (by simple name) or table */
    static void check(String output, Collection<? extends ItemSchema<?>> items) {
        TreeSet<String> names = new TreeSet<>();
        for (ItemSchema<?> s : items) names.add(s.name());
        for (Storages.Output o : Storages.outputs(output)) {
            for (String type : o.types()) {
                boolean known = items.stream()
                        .anyMatch(s -> s.name().equals(type) || s.table().equals(type));
                if (known) continue;
                String closest = names.stream()
                        .min(Comparator.comparingInt(n -> distance(n.toLowerCase(), type.toLowerCase())))
                        .orElse(null);
                String hint = closest != null
                                && distance(closest.toLowerCase(), type.toLowerCase()) <= Math.max(2, type.length() / 3)
                        ? "; did you mean '" + closest + "'?"
                        : "";
                throw new UsageException("-o " + type + "=" + o.target() + ": no @Item type '" + type + "'" + hint
                        + " Types: " + (names.isEmpty() ? "(none)" : String.join(", ", names)));
            }
        }
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(
                        Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
