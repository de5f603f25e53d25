package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.recrawl.ConditionalRequests.Previous;
import io.spinneret.settings.Settings;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import java.time.Clock;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The engine's side of re-crawls: every response passes {@link #check} before its callback. Any
 * crawl on a persistent scheduler keeps a {@link PageRecord} of each page it fetched with a 2xx,
 * so that a later {@code --recrawl} can revisit it. A re-crawl's request
 * carries the page's last visit ({@link ConditionalRequests}); its response is judged:
 * <ul>
 *   <li>304, or a 2xx body with the last visit's content hash: {@link ChangeStatus#UNCHANGED}, the
 *       callback does not run (unless {@code recrawl_emit_unchanged});</li>
 *   <li>a 2xx body with another hash: {@link ChangeStatus#CHANGED}, the callback runs;</li>
 *   <li>404 or 410: {@link ChangeStatus#REMOVED}, the record is dropped and the response goes on
 *       to the errback as any 4xx does.</li>
 * </ul>
 * A 2xx page without a last visit during a re-crawl is {@link ChangeStatus#NEW}. Each status is
 * counted ({@link ChangeStatus#counter()}) and told to the listeners. A record is written once the
 * callback ran; if it threw, the record keeps no validators and no content hash, so that the next
 * re-crawl gets the whole page and runs the callback again. Thread-safe.
 */
public final class Revisits {
    private static final Visit SKIP = new Visit(true, null, null);
    private static final Visit PARSE = new Visit(false, null, null);

    private final @Nullable PageRecords records;
    private final boolean recrawl;
    private final boolean emitUnchanged;
    private final RevisitInterval interval;
    private final Stats stats;
    private final BiConsumer<Request, ChangeStatus> listeners;
    private final Clock clock;

    Revisits(
            @Nullable PageRecords records,
            Settings settings,
            Stats stats,
            BiConsumer<Request, ChangeStatus> listeners,
            Clock clock) {
        this.records = records;
        this.recrawl = settings.getBoolean(Setting.RECRAWL);
        this.emitUnchanged = settings.getBoolean(Setting.RECRAWL_EMIT_UNCHANGED);
        this.interval = RevisitInterval.from(settings);
        this.stats = stats;
        this.listeners = listeners;
        this.clock = clock;
    }

    /**
     * The re-crawl side of a crawl on {@code scheduler}: records are kept only by a
     * {@linkplain Scheduler#isPersistent() persistent} scheduler, the only kind a later re-crawl can
     * open, so a crawl in memory pays nothing for them.
     *
     * @param listeners told each page's change status (the crawl's listeners)
     */
    public static Revisits of(
            Settings settings, Scheduler scheduler, Stats stats, BiConsumer<Request, ChangeStatus> listeners) {
        return new Revisits(
                scheduler.isPersistent() ? scheduler.pageRecords() : null,
                settings,
                stats,
                listeners,
                Clock.systemUTC());
    }

    /**
     * Judges a response before its callback runs; see the class comment.
     *
     * @param request the request as the scheduler gave it (without what the middlewares added, such
     *     as a {@code User-Agent}): the one kept in the page's record
     * @param response its response
     * @return what to do: {@link Visit#skipsCallback()} says whether to acknowledge the request
     *     without running its callback; {@link Visit#parsed(boolean)} is to be called once the callback ran
     */
    public Visit check(Request request, Response response) {
        PageRecords store = records;
        if (store == null || !request.method().equals("GET") || request.body() != null) return PARSE;
        Previous previous = ConditionalRequests.previous(request);
        int status = response.status();
        if (previous != null && (status == 404 || status == 410)) {
            store.remove(request.fingerprint());
            judged(request, ChangeStatus.REMOVED);
            return PARSE;
        }
        boolean notModified = previous != null && status == 304;
        if (!notModified && (status < 200 || status >= 300)) return PARSE;
        long hash = notModified ? previous.contentHash() : ContentHash.of(response.body());
        long now = clock.instant().getEpochSecond();
        if (previous != null && hash == previous.contentHash()) {
            judged(request, ChangeStatus.UNCHANGED);
            PageRecord kept = record(request, response, hash, now, interval.afterUnchanged(previous.interval()));
            if (!emitUnchanged) {
                store.put(request.fingerprint(), kept.encode());
                return SKIP;
            }
            return new Visit(false, store, kept);
        }
        if (previous != null) judged(request, ChangeStatus.CHANGED);
        else if (recrawl) judged(request, ChangeStatus.NEW);
        long next = previous != null ? interval.afterChange(previous.interval()) : interval.first();
        return new Visit(false, store, record(request, response, hash, now, next));
    }

    private void judged(Request request, ChangeStatus status) {
        stats.increment(status.counter());
        listeners.accept(request, status);
    }

    /** The record of this visit: the response's validators, or for a 304 those the request sent. */
    private static PageRecord record(Request request, Response response, long hash, long now, long interval) {
        String etag = response.header("ETag").orElse(request.headers().get(ConditionalRequests.IF_NONE_MATCH));
        String lastModified =
                response.header("Last-Modified").orElse(request.headers().get(ConditionalRequests.IF_MODIFIED_SINCE));
        return new PageRecord(
                ConditionalRequests.original(request),
                etag,
                HttpDate.epochSeconds(lastModified),
                hash,
                now,
                interval);
    }

    /** What {@link #check} decided for one response. */
    public static final class Visit {
        private final boolean skip;
        private final @Nullable PageRecords store;
        private final @Nullable PageRecord record;

        private Visit(boolean skip, @Nullable PageRecords store, @Nullable PageRecord record) {
            this.skip = skip;
            this.store = store;
            this.record = record;
        }

        /** True if the page is unchanged: its request is done without running the callback. */
        public boolean skipsCallback() {
            return skip;
        }

        /**
         * The callback ran: the page's record is kept for the next re-crawl; if the callback threw
         * ({@code ok} false), without validators or content hash, so that the page is parsed again.
         */
        public void parsed(boolean ok) {
            if (store == null || record == null) return;
            PageRecord kept =
                    ok ? record : new PageRecord(record.request(), null, 0, 0, record.fetchedAt(), record.interval());
            store.put(kept.request().fingerprint(), kept.encode());
        }
    }
}
