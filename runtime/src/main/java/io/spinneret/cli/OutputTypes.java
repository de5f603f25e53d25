package io.spinneret.cli;

import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.DidYouMean;
import io.spinneret.storage.Storages;
import java.util.Collection;
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
                String closest = DidYouMean.closest(type, names);
                String hint = closest != null ? "; did you mean '" + closest + "'?" : "";
                throw new UsageException("-o " + type + "=" + o.target() + ": no @Item type '" + type + "'" + hint
                        + " Types: " + (names.isEmpty() ? "(none)" : String.join(", ", names)));
            }
        }
    }
}
