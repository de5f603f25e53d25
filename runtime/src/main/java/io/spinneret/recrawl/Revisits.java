package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.ItemSchema;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.recrawl.ConditionalRequests.Previous;
import io.spinneret.settings.Settings;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
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
    private static final Visit SKIP = new Visit(true, null, null, false, false);
    private static final Visit PARSE = new Visit(false, null, null, false, false);

    private final @Nullable PageRecords records;
    private final @Nullable PageRemovals removals;
    private final boolean recrawl;
    private final boolean emitUnchanged;
    private final boolean keepLinks;
    private final boolean keepItems;
    private final RevisitInterval interval;
    private final Stats stats;
    private final BiConsumer<Request, ChangeStatus> listeners;
    private final Clock clock;

    Revisits(
            @Nullable PageRemovals removals,
            Settings settings,
            Stats stats,
            BiConsumer<Request, ChangeStatus> listeners,
            Clock clock) {
        this.records = removals == null ? null : removals.records();
        this.removals = removals;
        this.recrawl = settings.getBoolean(Setting.RECRAWL);
        this.emitUnchanged = settings.getBoolean(Setting.RECRAWL_EMIT_UNCHANGED);
        this.keepLinks = settings.getBoolean(Setting.RECRAWL_REMOVED_WHEN_UNLINKED);
        this.keepItems = RemovedItems.of(settings).keepsKeys();
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
     * @param removedItems given the keys of a removed page's items, to delete or flag them in the output
     *     ({@code recrawl_removed_items} delete or flag)
     */
    public static Revisits of(
            Settings settings,
            Scheduler scheduler,
            Stats stats,
            BiConsumer<Request, ChangeStatus> listeners,
            Consumer<List<ItemKey>> removedItems) {
        PageRecords records = scheduler.isPersistent() ? scheduler.pageRecords() : null;
        return new Revisits(
                records == null ? null : new PageRemovals(records, scheduler::unsee, removedItems, stats, listeners),
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
     *     without running its callback; {@link Visit#parsed} is to be called once the callback ran
     */
    public Visit check(Request request, Response response) {
        PageRecords store = records;
        PageRemovals removing = removals;
        if (store == null || removing == null || !request.method().equals("GET") || request.body() != null)
            return PARSE;
        Previous previous = ConditionalRequests.previous(request);
        int status = response.status();
        if (previous != null && (status == 404 || status == 410)) {
            removing.remove(request, keepItems ? last(store, request.fingerprint()) : null);
            return PARSE;
        }
        boolean notModified = previous != null && status == 304;
        if (!notModified && (status < 200 || status >= 300)) return PARSE;
        long hash = notModified ? previous.contentHash() : ContentHash.of(response.body());
        long now = clock.instant().getEpochSecond();
        if (previous != null && hash == previous.contentHash()) {
            judged(request, ChangeStatus.UNCHANGED);
            long next = interval.afterUnchanged(previous.interval());
            if (notModified) { // the validators it sent still hold: only the visit's time and interval change
                store.patch(request.fingerprint(), PageRecord.VISIT_OFFSET, PageRecord.visit(now, next));
                return SKIP;
            }
            PageRecord kept = record(request, response, hash, now, next);
            if (!emitUnchanged) {
                store.put(
                        kept.request().fingerprint(), withLastParse(store, kept).encode());
                return SKIP;
            }
            return new Visit(false, store, kept, keepLinks, keepItems);
        }
        if (previous != null) judged(request, ChangeStatus.CHANGED);
        else if (recrawl) judged(request, ChangeStatus.NEW);
        long next = previous != null ? interval.afterChange(previous.interval()) : interval.first();
        return new Visit(false, store, record(request, response, hash, now, next), keepLinks, keepItems);
    }

    private void judged(Request request, ChangeStatus status) {
        stats.increment(status.counter());
        listeners.accept(request, status);
    }

    /**
     * {@code kept} with the links and item keys of the page's last record: a 2xx with the same body
     * (a server without validators) does not run the callback, so they are those of its last parse.
     */
    private PageRecord withLastParse(PageRecords store, PageRecord kept) {
        if (!keepLinks && !keepItems) return kept;
        PageRecord last = last(store, kept.request().fingerprint());
        return last == null ? kept : kept.with(last.links(), last.items());
    }

    private static @Nullable PageRecord last(PageRecords store, Fingerprint page) {
        byte[] bytes = store.get(page);
        if (bytes == null) return null;
        try {
            return PageRecord.decode(bytes);
        } catch (IllegalArgumentException e) {
            return null; // unreadable: as if there were none
        }
    }

    /** The record of this visit: the response's validators, or for a 304 those the request sent. */
    private static PageRecord record(Request request, Response response, long hash, long now, long interval) {
        String etag = response.header("ETag").orElse(request.headers().get(ConditionalRequests.IF_NONE_MATCH));
        String lastModified =
                response.header("Last-Modified").orElse(request.headers().get(ConditionalRequests.IF_MODIFIED_SINCE));
        return new PageRecord(
                ConditionalRequests.original(request), etag, HttpDate.epochSeconds(lastModified), hash, now, interval);
    }

    /** What {@link #check} decided for one response. */
    public static final class Visit {
        private final boolean skip;
        private final @Nullable PageRecords store;
        private final @Nullable PageRecord record;
        private final boolean keepLinks;
        private final boolean keepItems;

        private Visit(
                boolean skip,
                @Nullable PageRecords store,
                @Nullable PageRecord record,
                boolean keepLinks,
                boolean keepItems) {
            this.skip = skip;
            this.store = store;
            this.record = record;
            this.keepLinks = keepLinks;
            this.keepItems = keepItems;
        }

        /** True if the page is unchanged: its request is done without running the callback. */
        public boolean skipsCallback() {
            return skip;
        }

        /**
         * The callback ran and yielded {@code requests} and {@code items} (of {@code schemas}, one
         * each): the page's record is kept for the next re-crawl, with the requests' fingerprints as
         * its links ({@code recrawl_removed_when_unlinked}) and the items' keys
         * ({@code recrawl_removed_items} delete or flag); if the callback threw ({@code ok} false), without
         * validators, content hash, links or keys, so that the page is parsed again.
         */
        public void parsed(boolean ok, List<Request> requests, List<?> items, List<ItemSchema<?>> schemas) {
            if (store == null || record == null) return;
            PageRecord kept;
            if (!ok) {
                kept = new PageRecord(record.request(), null, 0, 0, record.fetchedAt(), record.interval());
            } else if (keepLinks || keepItems) {
                kept = record.with(keepLinks ? links(requests) : null, keepItems ? keys(items, schemas) : null);
            } else {
                kept = record;
            }
            store.put(kept.request().fingerprint(), kept.encode());
        }

        private static List<Fingerprint> links(List<Request> requests) {
            Set<Fingerprint> links = new LinkedHashSet<>();
            for (Request r : requests) links.add(r.fingerprint());
            return List.copyOf(links);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static List<ItemKey> keys(List<?> items, List<ItemSchema<?>> schemas) {
            List<ItemKey> keys = new ArrayList<>(items.size());
            for (int i = 0; i < items.size(); i++) {
                ItemKey k = ItemKey.of((ItemSchema) schemas.get(i), items.get(i));
                if (k != null) keys.add(k);
            }
            return keys;
        }
    }
}
