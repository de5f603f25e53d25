package io.spinneret.scheduler.memory;

import io.spinneret.api.Fingerprint;
import io.spinneret.spi.PageRecords;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/** The page records of a {@link MemoryScheduler}: a concurrent map, as long as the scheduler lives. */
final class MemoryPageRecords implements PageRecords {
    private final ConcurrentHashMap<Fingerprint, byte[]> records = new ConcurrentHashMap<>();

    @Override
    public void put(Fingerprint page, byte[] record) {
        records.put(page, record.clone());
    }

    @Override
    public void patch(Fingerprint page, int offset, byte[] bytes) {
        records.computeIfPresent(page, (fp, r) -> PageRecords.patched(r, offset, bytes));
    }

    @Override
    public byte @Nullable [] get(Fingerprint page) {
        byte[] r = records.get(page);
        return r == null ? null : r.clone();
    }

    @Override
    public void remove(Fingerprint page) {
        records.remove(page);
    }

    @Override
    public void forEach(BiConsumer<Fingerprint, byte[]> action) {
        records.forEach((fp, r) -> action.accept(fp, r.clone()));
    }

    @Override
    public long count() {
        return records.size();
    }
}
