package io.spinneret.scheduler.memory;

import io.spinneret.api.Request;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The pending requests of one host: a FIFO ring buffer per distinct priority, kept in a sorted map,
 * highest priority first. Crawls use a handful of priorities, so offer and take are O(1) in
 * practice (O(log k) for k priorities), and arrival order among equal priorities is kept by
 * construction. Not thread-safe; {@link MemoryScheduler} guards it.
 */
final class HostQueue {
    final String host;
    /** FIFO queues by priority, highest first; empty queues are removed. */
    private final TreeMap<Integer, ArrayDeque<Request>> buckets = new TreeMap<>(Comparator.reverseOrder());

    private @Nullable ArrayDeque<Request> lastBucket;
    private int lastPriority;
    private int size;

    HostQueue(String host) {
        this.host = host;
    }

    void offer(Request r) {
        int p = r.priority();
        ArrayDeque<Request> q;
        if (lastBucket != null && lastPriority == p) {
            q = lastBucket;
        } else {
            q = buckets.get(p);
            if (q == null) {
                q = new ArrayDeque<>();
                buckets.put(p, q);
            }
            lastPriority = p;
            lastBucket = q;
        }
        q.addLast(r);
        size++;
    }

    /** The first request of the highest priority; the queue must not be empty. */
    Request take() {
        Map.Entry<Integer, ArrayDeque<Request>> top = buckets.firstEntry();
        ArrayDeque<Request> q = top.getValue();
        Request r = q.removeFirst();
        size--;
        if (q.isEmpty()) {
            buckets.remove(top.getKey());
            if (q == lastBucket) lastBucket = null;
        }
        return r;
    }

    boolean isEmpty() {
        return size == 0;
    }
}
