package io.spinneret.scheduler.redis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The host buckets a node knows to have pending requests, in the order it serves them: a poll
 * takes buckets from the front, and those with more left go to the back, so buckets take turns
 * as the hosts within each do. Each bucket is in the ring at most once. Thread-safe.
 */
final class BucketRing {
    private final ArrayDeque<Integer> order = new ArrayDeque<>();
    private final boolean[] listed = new boolean[HostBuckets.COUNT];

    /** Adds a bucket at the back, unless it is in the ring already. */
    synchronized void add(int bucket) {
        if (listed[bucket]) return;
        listed[bucket] = true;
        order.addLast(bucket);
    }

    /** Takes up to {@code max} buckets from the front. */
    synchronized List<Integer> take(int max) {
        List<Integer> out = new ArrayList<>(Math.min(max, order.size()));
        while (out.size() < max && !order.isEmpty()) {
            int b = order.removeFirst();
            listed[b] = false;
            out.add(b);
        }
        return out;
    }

    synchronized boolean isEmpty() {
        return order.isEmpty();
    }

    synchronized void clear() {
        order.clear();
        java.util.Arrays.fill(listed, false);
    }
}
