package io.spinneret.embed;

import io.spinneret.items.ItemChain;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * How a crawl ended: its counters, its wall time and why it stopped.
 *
 * @param spider the spider's name
 * @param stats every counter, sorted by key (see {@link Stats})
 * @param elapsed wall time from start to the last byte stored
 * @param outcome why the crawl stopped
 * @param error the cause when {@code outcome} is {@link Outcome#FAILED}, else null
 * @param output where the items went, e.g. {@code books.jsonl}
 * @param limit the limit that stopped the crawl and its value, e.g. {@code max_requests=100}, when
 *     {@code outcome} is {@link Outcome#ITEM_LIMIT} or {@link Outcome#LIMIT}, else null
 * @param stoppedHosts the hosts (and registrable domains) whose page budget stopped requests of
 *     theirs, sorted, each with the setting that stopped it, e.g. {@code max_pages_per_host=100}
 */
public record CrawlResult(
        String spider,
        Map<String, Long> stats,
        Duration elapsed,
        Outcome outcome,
        @Nullable String error,
        String output,
        @Nullable String limit,
        Map<String, String> stoppedHosts) {

    /** How many stopped hosts the summary line names; it counts the others. */
    private static final int NAMED_STOPS = 5;

    public CrawlResult {
        stoppedHosts = Collections.unmodifiableMap(new TreeMap<>(stoppedHosts));
    }

    /** A result in which no page budget stopped a host. */
    public CrawlResult(
            String spider,
            Map<String, Long> stats,
            Duration elapsed,
            Outcome outcome,
            @Nullable String error,
            String output,
            @Nullable String limit) {
        this(spider, stats, elapsed, outcome, error, output, limit, Map.of());
    }

    /** Exit code of a crawl that made no request, or none whose response reached a callback, and had no failure. */
    public static final int NOTHING_CRAWLED = 3;

    /** A result that no limit stopped. */
    public CrawlResult(
            String spider,
            Map<String, Long> stats,
            Duration elapsed,
            Outcome outcome,
            @Nullable String error,
            String output) {
        this(spider, stats, elapsed, outcome, error, output, null);
    }

    /** Why a crawl stopped. */
    public enum Outcome {
        /** Nothing left to crawl. */
        FINISHED,
        /** {@code max_items} items were stored. */
        ITEM_LIMIT,
        /**
         * Another limit was reached: {@code max_requests}, {@code max_duration}, {@code max_failures}
         * or {@code no_item_timeout}; {@link #limit()} says which. Pending work was left in the scheduler.
         */
        LIMIT,
        /** Stopped by a signal (or {@link Crawler#stop()}); pending work was left in the scheduler. */
        INTERRUPTED,
        /** Storage failed for good; {@link #error()} says why. */
        FAILED;

        /** The outcome as the crawl's listeners and the stats file name it: {@code finished}, {@code item_limit}, ... */
        public String stopReason() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The stats key of a retried request's earlier attempt (RetryMiddleware's drop reason {@code retry}). */
    private static final String RETRY_ATTEMPT = Stats.DROPPED + "retry";

    public long get(String key) {
        return stats.getOrDefault(key, 0L);
    }

    /** Downloads attempted (each redirect hop and each retry is one). */
    public long requests() {
        return get(Stats.REQUESTS);
    }

    /** Downloads that returned a response, whatever its status. */
    public long responses() {
        return get(Stats.RESPONSES);
    }

    /** Requests that failed (download errors after retries, callback exceptions). */
    public long failures() {
        return get(Stats.FAILURES);
    }

    /** Items accepted and stored. */
    public long items() {
        return get(Stats.ITEMS);
    }

    /**
     * Requests dropped on purpose by a middleware ({@code dropped/<reason>}, e.g. disallowed by
     * robots.txt), by reason. A retry's attempt that ends so that the next can be scheduled
     * ({@code dropped/retry}) is not counted: that request is not given up.
     */
    public Map<String, Long> dropped() {
        return byKeySuffix(Stats.DROPPED, RETRY_ATTEMPT);
    }

    /**
     * Responses not handed to a callback because their status was not 2xx (nor a redirect
     * followed), by status ({@code http_status/<code>}); not failures: a 404 is an answer.
     */
    public Map<String, Long> ignored() {
        return byKeySuffix(Stats.HTTP_STATUS, null);
    }

    /**
     * Items dropped before storage, by reason ({@code items_dropped/<reason>}): by an item
     * processor ({@code DropItem}'s reason), for breaking a constraint ({@code invalid}), or
     * rejected by storage for their data ({@code rejected by storage}). Not counted in {@link #items()}.
     */
    public Map<String, Long> itemsDropped() {
        return byKeySuffix(ItemChain.DROPPED, null);
    }

    /**
     * The pages a re-crawl judged, by change status ({@code recrawl/<status>}: unchanged, changed,
     * new, removed); empty for a crawl that is not a re-crawl.
     */
    public Map<String, Long> recrawled() {
        return byKeySuffix("recrawl/", null);
    }

    private Map<String, Long> byKeySuffix(String prefix, @Nullable String except) {
        Map<String, Long> byReason = new TreeMap<>();
        stats.forEach((key, n) -> {
            if (key.startsWith(prefix) && !key.equals(except) && n > 0) byReason.put(key.substring(prefix.length()), n);
        });
        return byReason;
    }

    /**
     * {@code 1050 requests | 1050 responses | 0 failures | 1000 items | 0.9s}; before the time, when
     * there are any, the responses ignored for their status and the requests a middleware dropped:
     * {@code | 2 ignored (HTTP 404: 2) | 3 dropped (robots: 3) |}, and the items dropped before
     * storage: {@code | 5 items dropped (invalid: 4, free: 1) |}, and the hosts a page budget
     * stopped: {@code | 2 hosts stopped (max_pages_per_host=100: a.example, b.example) |}, and a re-crawl's change
     * statuses: {@code | 1000 recrawled (changed: 10, removed: 5, unchanged: 985) |}.
     */
    public String summaryLine() {
        StringBuilder line = new StringBuilder()
                .append(requests())
                .append(" requests | ")
                .append(responses())
                .append(" responses | ")
                .append(failures())
                .append(" failures | ")
                .append(items())
                .append(" items | ");
        appendCounts(line, "ignored", "HTTP ", ignored());
        appendCounts(line, "dropped", "", dropped());
        appendCounts(line, "items dropped", "", itemsDropped());
        appendStops(line);
        appendCounts(line, "recrawled", "", recrawled());
        line.append(String.format(Locale.ROOT, "%.1fs", elapsed.toNanos() / 1e9));
        if (limit != null) line.append(" | stopped by ").append(limit);
        return line.toString();
    }

    /**
     * Why nothing was crawled, when no response reached a callback and no errback ran: no request
     * was made, or every one was dropped, failed or answered with a status that is not handed to
     * callbacks; else null. Null too for a crawl that a signal or a storage failure ended.
     */
    public @Nullable String nothingCrawled() {
        if (outcome == Outcome.INTERRUPTED || outcome == Outcome.FAILED) return null;
        long ignoredCount =
                ignored().values().stream().mapToLong(Long::longValue).sum();
        if (responses() - ignoredCount - get("redirects") > 0 || get(Stats.ERRBACKS) > 0) return null;
        StringJoiner why = new StringJoiner("; ", "nothing was crawled: ", "");
        if (requests() == 0 && dropped().isEmpty() && failures() == 0) {
            why.add("no request was made (the spider has no start URLs, or its @Start method made none;"
                    + " give start URLs with -s start_urls=URL[,URL...])");
        }
        if (!dropped().isEmpty()) why.add("requests were dropped (" + reasons("", dropped()) + ")");
        if (failures() > 0) why.add(failures() + " requests failed (see the errors logged above)");
        if (ignoredCount > 0) why.add("responses were not handed to a callback (" + reasons("HTTP ", ignored()) + ")");
        return why.toString();
    }

    private static String reasons(String label, Map<String, Long> byReason) {
        StringJoiner reasons = new StringJoiner(", ");
        byReason.forEach((reason, n) -> reasons.add(label + reason + ": " + n));
        return reasons.toString();
    }

    /** {@code 2 hosts stopped (max_pages_per_host=5: a.example, b.example; ...) | }, at most five named per setting. */
    private void appendStops(StringBuilder line) {
        if (stoppedHosts.isEmpty()) return;
        Map<String, List<String>> byLimit = new TreeMap<>();
        stoppedHosts.forEach((host, setting) ->
                byLimit.computeIfAbsent(setting, k -> new ArrayList<>()).add(host));
        StringJoiner groups = new StringJoiner("; ");
        byLimit.forEach((setting, hosts) -> {
            StringJoiner names = new StringJoiner(", ", setting + ": ", "");
            hosts.stream().limit(NAMED_STOPS).forEach(names::add);
            if (hosts.size() > NAMED_STOPS) names.add("and " + (hosts.size() - NAMED_STOPS) + " more");
            groups.add(names.toString());
        });
        line.append(stoppedHosts.size())
                .append(stoppedHosts.size() == 1 ? " host" : " hosts")
                .append(" stopped (")
                .append(groups)
                .append(") | ");
    }

    /** {@code 3 dropped (robots: 2, offsite: 1) | }, or nothing for no counts. */
    private static void appendCounts(StringBuilder line, String what, String label, Map<String, Long> byReason) {
        if (byReason.isEmpty()) return;
        long total = byReason.values().stream().mapToLong(Long::longValue).sum();
        line.append(total)
                .append(' ')
                .append(what)
                .append(" (")
                .append(reasons(label, byReason))
                .append(") | ");
    }

    /**
     * 0 clean, 1 with failures or a storage failure, {@value #NOTHING_CRAWLED} when
     * {@linkplain #nothingCrawled() nothing was crawled} and nothing failed, 130 interrupted by a signal.
     */
    public int exitCode() {
        if (outcome == Outcome.FAILED) return 1;
        if (outcome == Outcome.INTERRUPTED) return 130;
        if (failures() > 0) return 1;
        return nothingCrawled() != null ? NOTHING_CRAWLED : 0;
    }
}
