package io.spinneret.items;

import io.spinneret.annotations.Setting;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Stats;
import io.spinneret.writer.ItemWriter;
import io.spinneret.writer.StorageFailedException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens to an item the storage rejected for its data (a value too long for its column, a
 * constraint of the table): it is dropped and counted as {@code items_dropped/rejected by storage}
 * (and no longer as an item), or with {@code invalid_items = fail} it fails the crawl. Never
 * retried; the {@code dropped} callback (the crawl's item-dropped event) is told. Runs on the
 * pipeline's writer thread.
 */
public final class StorageRejections implements ItemWriter.Rejections {
    private static final Logger LOG = LoggerFactory.getLogger(StorageRejections.class);
    static final String REASON = "rejected by storage";

    private final Stats stats;
    private final boolean fail;
    private final BiConsumer<Object, String> dropped;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    public StorageRejections(Settings settings, Stats stats) {
        this(settings, stats, (item, reason) -> {});
    }

    /** @param dropped told of every item dropped, with the reason {@code rejected by storage} */
    public StorageRejections(Settings settings, Stats stats, BiConsumer<Object, String> dropped) {
        this.stats = stats;
        this.fail = settings.getChoice(Setting.INVALID_ITEMS).equals("fail");
        this.dropped = dropped;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void rejected(ItemSchema<?> schema, Object item, RejectedItemsException why) {
        Object key = ((ItemSchema) schema).key(item);
        if (fail) {
            throw new StorageFailedException(
                    "the " + schema.name() + " with key " + key + " was rejected by storage (invalid_items = fail): "
                            + why.getMessage(),
                    why);
        }
        stats.increment(ItemChain.DROPPED + REASON);
        stats.add(Stats.ITEMS, -1);
        dropped.accept(item, REASON);
        if (warned.add(schema.name())) {
            LOG.warn(
                    "dropped the {} with key {}: {} (not retried: the data is at fault; further ones are logged at debug level)",
                    schema.name(),
                    key,
                    why.getMessage());
        } else {
            LOG.debug("dropped the {} with key {}: {}", schema.name(), key, why.getMessage());
        }
    }
}
