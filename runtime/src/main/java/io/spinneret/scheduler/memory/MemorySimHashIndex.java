package io.spinneret.scheduler.memory;

import io.spinneret.spi.SimHashIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The SimHashes of a crawl in this process: each group's first page under each of its eight 8-bit
 * bands (see {@link SimHashIndex}). Thread-safe: one lock per page.
 */
public final class MemorySimHashIndex implements SimHashIndex {
    private record Entry(long hash, String url) {}

    /** Band number (0-7) times 256 plus the band's value, to the groups' first pages with that band. */
    private final Map<Integer, List<Entry>> bands = new HashMap<>();

    @Override
    public synchronized @Nullable String firstNear(long simHash, String url) {
        for (int b = 0; b < BANDS; b++) {
            for (Entry e : bands.getOrDefault(band(simHash, b), List.of())) {
                if (Long.bitCount(e.hash ^ simHash) <= MAX_DISTANCE) return e.url.equals(url) ? null : e.url;
            }
        }
        Entry first = new Entry(simHash, url);
        for (int b = 0; b < BANDS; b++)
            bands.computeIfAbsent(band(simHash, b), k -> new ArrayList<>(1)).add(first);
        return null;
    }

    private static int band(long hash, int b) {
        return (b << 8) | (int) ((hash >>> (8 * b)) & 0xFF);
    }
}
