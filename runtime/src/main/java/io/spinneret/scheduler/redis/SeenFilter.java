package io.spinneret.scheduler.redis;

/**
 * How a Redis crawl remembers the fingerprints it has seen: {@linkplain #exact() exactly} (64 bits
 * of each, about 7 bytes a URL), or in a Bloom filter of {@code bits} bits and {@code hashes} hash
 * functions (smaller for a given capacity, but a false positive drops a URL never crawled). The
 * node that creates a crawl chooses; the others use the crawl's choice.
 */
public record SeenFilter(String kind, long bits, int hashes) {
    /** Redis strings hold at most 512 MiB. */
    public static final long MAX_BITS = 1L << 32;

    public SeenFilter {
        if (!kind.equals("exact") && !kind.equals("bloom"))
            throw new IllegalArgumentException("seen filter '" + kind + "' is neither exact nor bloom");
        if (kind.equals("bloom") && (bits < 64 || bits > MAX_BITS || hashes < 1 || hashes > 64)) {
            throw new IllegalArgumentException(
                    "a Bloom filter of " + bits + " bits and " + hashes + " hashes is out of range");
        }
    }

    public static SeenFilter exact() {
        return new SeenFilter("exact", 0, 0);
    }

    /**
     * The Bloom filter that keeps the false-positive rate at {@code errorRate} up to
     * {@code capacity} URLs: {@code m = -n ln p / (ln 2)^2} bits and {@code k = (m / n) ln 2}
     * hashes. Past its capacity the rate grows: {@code (1 - e^(-k n / m))^k} for n URLs.
     *
     * @throws IllegalArgumentException if that needs more than {@link #MAX_BITS} bits
     */
    public static SeenFilter bloom(long capacity, double errorRate) {
        if (capacity < 1)
            throw new IllegalArgumentException("Bloom filter capacity must be at least 1, not " + capacity);
        if (!(errorRate > 0 && errorRate < 1))
            throw new IllegalArgumentException("Bloom filter error rate must be between 0 and 1, not " + errorRate);
        double ln2 = Math.log(2);
        long bits = Math.max(64, (long) Math.ceil(-capacity * Math.log(errorRate) / (ln2 * ln2)));
        if (bits > MAX_BITS) {
            throw new IllegalArgumentException("a Bloom filter for " + capacity + " URLs at error rate " + errorRate
                    + " needs " + bits + " bits, more than a Redis string holds (" + MAX_BITS
                    + "): lower the capacity or raise the rate");
        }
        int hashes = (int) Math.max(1, Math.min(64, Math.round((double) bits / capacity * ln2)));
        return new SeenFilter("bloom", bits, hashes);
    }

    /** The false-positive rate once {@code n} URLs are in the filter (0 for the exact set, ignoring 64-bit collisions). */
    public double falsePositiveRate(long n) {
        if (kind.equals("exact")) return 0;
        return Math.pow(1 - Math.exp(-(double) hashes * n / bits), hashes);
    }

    @Override
    public String toString() {
        return kind.equals("exact") ? "exact" : "bloom(" + bits + " bits, " + hashes + " hashes)";
    }
}
