package io.spinneret.storage;

import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several outputs at once ({@code -o books.jsonl -o postgresql://...}, {@code -o Book=books.csv}):
 * each batch goes to every output of its item type, the outputs that name it
 * ({@code Book=...}, by record or table name), else the outputs that name no type. A batch is
 * durable once every one of them has it.
 *
 * <p>When one output fails and the pipeline retries the batch, the outputs that already have it
 * are skipped, so a file does not get it twice. When one rejects items for their data, the
 * others keep them, and they are reported as rejected ({@link RejectedItemsException#items()}).
 * Items of a type no output takes are rejected too, with a message saying how to route them.
 * Called from one pipeline thread at a time.
 */
class FanOutStorage implements Storage {
    private static final Logger LOG = LoggerFactory.getLogger(FanOutStorage.class);

    /** One output and the item types it takes (empty: every type no other output names). */
    record Route(Set<String> types, Storage storage) {}

    private final List<Route> routes;
    private final Map<ItemSchema<?>, List<Storage>> bySchema = new IdentityHashMap<>();
    /** The batch last written and the outputs that have it, so that a retry skips them. */
    private List<?> lastBatch = List.of();

    private final Set<Storage> done = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Storage> opened = new ArrayList<>();

    FanOutStorage(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    /** The outputs together: one that acts on the items of removed pages when a database is among them. */
    static FanOutStorage of(List<Route> routes) {
        return routes.stream().anyMatch(r -> r.storage() instanceof ItemRemovals)
                ? new WithRemovals(routes)
                : new FanOutStorage(routes);
    }

    @Override
    public void open() throws IOException {
        for (Route r : routes) {
            r.storage().open();
            opened.add(r.storage());
        }
    }

    private List<Storage> targets(ItemSchema<?> schema) {
        return bySchema.computeIfAbsent(schema, s -> {
            List<Storage> named = new ArrayList<>();
            List<Storage> untyped = new ArrayList<>();
            for (Route r : routes) {
                if (r.types().isEmpty()) untyped.add(r.storage());
                else if (r.types().contains(s.name()) || r.types().contains(s.table())) named.add(r.storage());
            }
            return named.isEmpty() ? untyped : named;
        });
    }

    @Override
    public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
        List<Storage> targets = targets(schema);
        if (targets.isEmpty()) {
            throw new RejectedItemsException(
                    "no output takes " + schema.name() + " items: add -o " + schema.name()
                            + "=FILE, or an -o without a type",
                    items);
        }
        if (items != lastBatch) {
            lastBatch = items;
            done.clear();
        }
        Map<Object, T> rejected = new LinkedHashMap<>();
        String why = null;
        for (Storage s : targets) {
            if (done.contains(s)) continue;
            try {
                s.write(schema, items);
            } catch (RejectedItemsException e) {
                why = s.describe() + ": " + e.getMessage();
                for (T item : rejectedBy(s, schema, items, e)) rejected.putIfAbsent(item, item);
            }
            done.add(s);
        }
        if (!rejected.isEmpty()) throw new RejectedItemsException(why, new ArrayList<>(rejected.values()));
    }

    /** The items {@code s} rejected: named by it, or found by writing the batch to it one item at a time. */
    @SuppressWarnings("unchecked")
    private static <T> List<T> rejectedBy(Storage s, ItemSchema<T> schema, List<T> items, RejectedItemsException e)
            throws IOException {
        if (!e.items().isEmpty()) return (List<T>) e.items();
        if (items.size() == 1) return items;
        List<T> out = new ArrayList<>();
        for (T item : items) {
            try {
                s.write(schema, List.of(item));
            } catch (RejectedItemsException one) {
                out.add(item);
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Storage s : opened) {
            try {
                s.close();
            } catch (IOException e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        opened.clear();
        if (first != null) throw first;
    }

    @Override
    public String describe() {
        return routes.stream()
                .map(r -> (r.types().isEmpty() ? "" : String.join("+", r.types()) + "=")
                        + r.storage().describe())
                .collect(Collectors.joining(" and "));
    }

    /**
     * Outputs with a database among them ({@code -o books.jsonl -o books.db}): the items of removed
     * pages are deleted or flagged in every output that can (the databases); the others (the files)
     * keep theirs, as they would alone, with one warning.
     */
    static final class WithRemovals extends FanOutStorage implements ItemRemovals {
        private final List<ItemRemovals> removals = new ArrayList<>();
        private final List<String> keeping = new ArrayList<>();
        private boolean warned;

        WithRemovals(List<Route> routes) {
            super(routes);
            for (Route r : routes) {
                if (r.storage() instanceof ItemRemovals removing) removals.add(removing);
                else keeping.add(r.storage().describe());
            }
        }

        @Override
        public void removeItems(String table, Field key, List<Object> keys) throws IOException {
            warnOnce();
            for (ItemRemovals r : removals) r.removeItems(table, key, keys);
        }

        @Override
        public void flagItems(String table, Field key, List<Object> keys, Instant at) throws IOException {
            warnOnce();
            for (ItemRemovals r : removals) r.flagItems(table, key, keys, at);
        }

        @Override
        public void keepRemovedFlags() {
            warnOnce();
            for (ItemRemovals r : removals) r.keepRemovedFlags();
        }

        private void warnOnce() {
            if (keeping.isEmpty() || warned) return;
            warned = true;
            LOG.warn(
                    "{} cannot delete or flag items (only database outputs can); the items of removed pages are"
                            + " kept there as they are",
                    String.join(" and ", keeping));
        }
    }
}
