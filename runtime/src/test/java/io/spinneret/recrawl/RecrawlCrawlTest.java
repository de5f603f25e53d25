package io.spinneret.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.spinneret.api.Request;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.metrics.MetricsListener;
import io.spinneret.scheduler.Schedulers;
import io.spinneret.scheduler.redis.RedisTestServer;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.ForwardingScheduler;
import io.spinneret.testing.TestSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.Document;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Re-crawls of a site on 127.0.0.1 that answers {@code If-None-Match} with 304, through the whole
 * crawler, on the SQLite job directory and on Redis: a re-crawl of an unchanged site is all 304s and
 * emits nothing; after changes and deletions it emits exactly the changed pages' items and reports
 * the removed pages, whose items a database output (SQLite, MongoDB) deletes or flags when asked.
 */
class RecrawlCrawlTest {
    private static final int LISTINGS = 3;
    private static final int PER_PAGE = 20;
    private static final int PAGES = LISTINGS + LISTINGS * PER_PAGE;

    @TempDir
    Path dir;

    private final String crawlId = "recrawl-" + UUID.randomUUID().toString().substring(0, 8);
    private boolean usedRedis;
    private int run;

    @AfterEach
    void deleteRedisKeys() {
        if (usedRedis) RedisTestServer.deleteNamespace(crawlId);
    }

    private Settings settings(String scheduler, String... more) {
        List<String> kv = new ArrayList<>(List.of("concurrency=8", "overwrite_output=true"));
        if (scheduler.equals("redis")) {
            usedRedis = true;
            kv.addAll(List.of(
                    "scheduler=redis",
                    "redis_url=" + RedisTestServer.url(),
                    "crawl_id=" + crawlId,
                    "idle_timeout=0.3"));
        } else {
            kv.addAll(List.of("scheduler=sqlite", "job_dir=" + dir.resolve("jobs")));
        }
        kv.addAll(List.of(more));
        return TestSettings.fast(dir.resolve("run-" + (++run) + ".jsonl"), kv.toArray(String[]::new));
    }

    private static CrawlResult crawl(ChangingSite site, Settings settings, CrawlListener... listeners)
            throws InterruptedException {
        Crawler.Builder b = Crawler.builder(new BooksFixture(site.root()))
                .settings(settings)
                .items(List.of(BookSchema.INSTANCE))
                .progress(null);
        for (CrawlListener l : listeners) b.listener(l);
        return b.build().run();
    }

    private Set<String> itemUrls() throws IOException {
        Set<String> urls = new TreeSet<>();
        for (String line : Files.readAllLines(dir.resolve("run-" + run + ".jsonl"))) {
            urls.add(new ObjectMapper().readTree(line).get("url").asText());
        }
        return urls;
    }

    /**
     * More known pages than {@link RecrawlSeeds#BATCH}: the rest are queued while the crawl runs.
     * The crawl must not end before they are, and a re-crawl stopped early has queued them all, so
     * that {@code --resume} requests every known page that the stopped run did not.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void knownPagesQueuedWhileTheReCrawlRunsAreAllRequestedAndAStoppedOneResumesWithTheRest(String scheduler)
            throws Exception {
        int listings = 11;
        int perPage = 100;
        int pages = listings + listings * perPage;
        assertTrue(pages > RecrawlSeeds.BATCH);
        try (ChangingSite site = new ChangingSite(listings, perPage)) {
            crawl(site, settings(scheduler));
            assertEquals(Map.of(200, pages), site.takeStatuses());

            CrawlResult whole = crawl(site, settings(scheduler, "recrawl=true"));
            assertEquals(Map.of(304, pages), site.takeStatuses(), "every known page, not only the first batch");
            assertEquals(Map.of("unchanged", (long) pages), whole.recrawled());

            CrawlResult stopped = crawl(site, settings(scheduler, "recrawl=true", "max_requests=50"));
            assertTrue(stopped.summaryLine().contains("max_requests=50"), stopped.summaryLine());
            int first = site.takeStatuses().getOrDefault(304, 0);
            assertTrue(first >= 50 && first < pages, "the stopped run requested " + first);
            CrawlResult resumed = Crawler.builder(new BooksFixture(site.root()))
                    .settings(settings(scheduler))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .resume(true)
                    .build()
                    .run();
            assertEquals(0, resumed.exitCode(), resumed.summaryLine());
            Map<Integer, Integer> rest = site.takeStatuses();
            assertEquals(Set.of(304), rest.keySet(), "only known pages, asked for with their ETags: " + rest);
            assertEquals(pages, first + rest.get(304), "the two runs together requested every known page once");
        }
    }

    /**
     * A re-crawl stopped early has queued every due page; a {@code --recrawl} run after it crawls
     * those and queues none again (each stopped run used to add every known page once more).
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void aReCrawlAfterAStoppedOneRequestsEachKnownPageOnceInAll(String scheduler) throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings(scheduler));
            site.takeStatuses();
            for (int stopped = 0; stopped < 2; stopped++) {
                crawl(site, settings(scheduler, "recrawl=true", "max_requests=10"));
            }
            int first = site.takeStatuses().getOrDefault(304, 0);
            CrawlResult rest = crawl(site, settings(scheduler, "recrawl=true"));
            assertEquals(0, rest.exitCode(), rest.summaryLine());
            Map<Integer, Integer> statuses = site.takeStatuses();
            assertEquals(Set.of(304), statuses.keySet(), statuses.toString());
            assertEquals(PAGES, first + statuses.get(304), "three runs requested each known page once: " + first);
        }
    }

    /**
     * Holds the re-crawl's queueing back after its first batch until the crawl has taken every
     * request of that batch, then some more time for them to finish: the crawl fetches before the
     * known pages are all queued, and does not end while they are not.
     */
    private static final class HeldBackSeeding extends ForwardingScheduler {
        private final AtomicInteger seedingBatches = new AtomicInteger();
        private final AtomicInteger taken = new AtomicInteger();
        volatile int takenBeforeTheRestWasQueued = -1;

        HeldBackSeeding(Scheduler delegate) {
            super(delegate);
        }

        @Override
        public int pushAll(List<Request> requests) {
            boolean revisits = !requests.isEmpty() && requests.stream().allMatch(Request::dontFilter);
            if (revisits && seedingBatches.incrementAndGet() == 2) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a bound, not a wait
                while (delegate.pendingCount() > 0 && System.nanoTime() < deadline) sleep(10);
                sleep(300); // the first batch's last pages finish
                takenBeforeTheRestWasQueued = taken.get();
            }
            return super.pushAll(requests);
        }

        @Override
        public @Nullable Lease poll(Duration timeout) throws InterruptedException {
            Lease lease = super.poll(timeout);
            if (lease != null) taken.incrementAndGet();
            return lease;
        }

        private static void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void theReCrawlFetchesWhileItsKnownPagesAreQueuedAndEndsOnlyOnceTheyAllAre() throws Exception {
        int listings = 11;
        int perPage = 100;
        int pages = listings + listings * perPage;
        try (ChangingSite site = new ChangingSite(listings, perPage)) {
            crawl(site, settings("sqlite"));
            site.takeStatuses();
            Settings recrawl = settings("sqlite", "recrawl=true");
            BooksFixture spider = new BooksFixture(site.root());
            HeldBackSeeding held = new HeldBackSeeding(Schedulers.open(recrawl, spider.name(), true));
            CrawlResult r = Crawler.builder(spider)
                    .settings(recrawl)
                    .scheduler(held)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertTrue(
                    held.takenBeforeTheRestWasQueued >= RecrawlSeeds.BATCH,
                    "the first batch was crawled before the rest was queued: " + held.takenBeforeTheRestWasQueued);
            assertEquals(Map.of(304, pages), site.takeStatuses(), "every known page, the held-back ones too");
            assertEquals(Map.of("unchanged", (long) pages), r.recrawled());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void anUnchangedSiteIsAll304sThenExactlyTheChangedItemsAreEmittedAndTheRemovedPagesReported(String scheduler)
            throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            CrawlResult first = crawl(site, settings(scheduler));
            assertEquals(LISTINGS * PER_PAGE, first.items());
            assertEquals(Map.of(), first.recrawled(), "a first crawl judges nothing");
            assertEquals(Map.of(200, PAGES), site.takeStatuses());

            CrawlResult same = crawl(site, settings(scheduler, "recrawl=true"));
            assertEquals(Map.of(304, PAGES), site.takeStatuses(), "every known page is asked for with its ETag");
            assertEquals(0, same.items());
            assertEquals(Set.of(), itemUrls());
            assertEquals(Map.of("unchanged", (long) PAGES), same.recrawled());
            assertEquals(0, same.exitCode(), same.summaryLine());
            assertTrue(
                    same.summaryLine().contains(PAGES + " recrawled (unchanged: " + PAGES + ")"), same.summaryLine());

            IntStream.range(0, 10).forEach(site::change);
            IntStream.range(10, 15).forEach(site::delete);
            ConcurrentLinkedQueue<String> removed = new ConcurrentLinkedQueue<>();
            CrawlListener onRemoved = new CrawlListener() {
                @Override
                public void changeStatus(Request request, ChangeStatus status) {
                    if (status == ChangeStatus.REMOVED) removed.add(request.url());
                }
            };
            MetricsListener metrics = MetricsListener.open(Settings.defaults().with("metrics", "127.0.0.1:0", "test"));
            CrawlResult changed;
            String scraped;
            try (metrics) {
                changed = crawl(site, settings(scheduler, "recrawl=true"), onRemoved, metrics);
                scraped = metrics.scrape();
            }
            Set<String> tenChanged =
                    new TreeSet<>(IntStream.range(0, 10).mapToObj(site::bookUrl).toList());
            assertEquals(tenChanged, itemUrls(), "exactly the changed books' items");
            // the first listing page lost five links (changed); the other two only got a new ETag (same body:
            // unchanged)
            assertEquals(Map.of("changed", 11L, "removed", 5L, "unchanged", (long) PAGES - 16), changed.recrawled());
            for (var status : changed.recrawled().entrySet()) {
                Matcher m = Pattern.compile("spinneret_recrawl_pages_total\\{[^}]*status=\"" + status.getKey()
                                + "\"[^}]*} ([0-9.]+)")
                        .matcher(scraped);
                assertTrue(m.find(), scraped);
                assertEquals((double) status.getValue(), Double.parseDouble(m.group(1)), "metrics as the stats");
            }
            assertEquals(
                    new TreeSet<>(
                            IntStream.range(10, 15).mapToObj(site::bookUrl).toList()),
                    new TreeSet<>(removed));
            // 200: the 10 changed books and the 3 listing pages (new ETags); 304: the other 45 books
            assertEquals(Map.of(200, 13, 304, PAGES - 18, 404, 5), site.takeStatuses());

            CrawlResult after = crawl(site, settings(scheduler, "recrawl=true"));
            assertEquals(
                    Map.of(304, PAGES - 5),
                    site.takeStatuses(),
                    "removed pages are not known any more; changed ones have their new ETag");
            assertEquals(Map.of("unchanged", (long) PAGES - 5), after.recrawled());

            IntStream.range(10, 15).forEach(site::restore);
            CrawlResult back = crawl(site, settings(scheduler, "recrawl=true"));
            assertEquals(
                    Map.of("changed", 1L, "new", 5L, "unchanged", (long) PAGES - 6),
                    back.recrawled(),
                    "the first listing page links them again: removed pages that came back are new pages");
            assertEquals(
                    new TreeSet<>(
                            IntStream.range(10, 15).mapToObj(site::bookUrl).toList()),
                    itemUrls());
        }
    }

    @Test
    void aNewPageLinkedFromAChangedPageIsCrawledAndCountedAsNew() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings("sqlite"));
            int added = site.add();
            CrawlResult r = crawl(site, settings("sqlite", "recrawl=true"));
            assertEquals(Set.of(site.bookUrl(added)), itemUrls());
            assertEquals(Map.of("changed", 1L, "new", 1L, "unchanged", (long) PAGES - 1), r.recrawled());
        }
    }

    @Test
    void recrawlEmitUnchangedRunsEveryCallbackAndComparesBodiesByHash() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings("sqlite"));
            site.takeStatuses();
            site.change(3);
            CrawlResult r = crawl(site, settings("sqlite", "recrawl=true", "recrawl_emit_unchanged=true"));
            assertEquals(Map.of(200, PAGES), site.takeStatuses(), "no validators sent: a 304 has no body to parse");
            assertEquals(LISTINGS * PER_PAGE, itemUrls().size());
            assertEquals(Map.of("changed", 1L, "unchanged", (long) PAGES - 1), r.recrawled());
        }
    }

    @Test
    void aPageWhoseCallbackFailedIsParsedAgainByTheNextRecrawl() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            String failing = site.bookUrl(7);
            Settings first = settings("sqlite");
            Crawler.builder(new BooksFixture("books", List.of(site.root()), List.of(), failing::equals))
                    .settings(first)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            CrawlResult r = crawl(site, settings("sqlite", "recrawl=true"));
            assertEquals(
                    Set.of(failing), itemUrls(), "requested without validators, so parsed, and its item comes now");
            assertEquals(Map.of("changed", 1L, "unchanged", (long) PAGES - 1), r.recrawled());
        }
    }

    @Test
    void aPageRecordKeepsTheRequestAsScheduledWithTheValidators() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings("sqlite"));
            try (Scheduler job = SqliteScheduler.open(dir.resolve("jobs").resolve("books"), true)) {
                PageRecords records = job.pageRecords();
                assertEquals(PAGES, records.count());
                Request scheduled = Request.builder(site.bookUrl(5))
                        .callback("detail")
                        .priority(1)
                        .depth(1)
                        .build();
                PageRecord r = PageRecord.decode(records.get(scheduled.fingerprint()));
                assertEquals(scheduled, r.request(), "without the User-Agent the middleware added");
                assertEquals("\"b5-0\"", r.etag());
                assertEquals(HttpDate.epochSeconds("Wed, 02 Dec 2026 10:00:00 GMT"), r.lastModified());
            }
        }
    }

    @Test
    void recrawlAfterLeavesPagesFetchedMoreRecentlyAlone() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings("sqlite", "recrawl_after=3600"));
            site.takeStatuses();
            CrawlResult r = crawl(site, settings("sqlite", "recrawl=true", "recrawl_after=3600"));
            assertEquals(Map.of(), site.takeStatuses(), "nothing is an hour old yet");
            assertEquals(0, r.requests());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void aKnownPageNoLinkReachesAnyMoreIsRemovedAtTheEndOfAFullRecrawlWhenTheRuleIsOn(String scheduler)
            throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            String rule = "recrawl_removed_when_unlinked=true";
            crawl(site, settings(scheduler, rule));
            site.unlink(3);
            ConcurrentLinkedQueue<String> removed = new ConcurrentLinkedQueue<>();
            CrawlListener onRemoved = new CrawlListener() {
                @Override
                public void changeStatus(Request request, ChangeStatus status) {
                    if (status == ChangeStatus.REMOVED) removed.add(request.url());
                }
            };
            site.takeStatuses();
            CrawlResult r = crawl(site, settings(scheduler, "recrawl=true", rule), onRemoved);
            assertEquals(List.of(site.bookUrl(3)), List.copyOf(removed), "still served, but linked from nowhere");
            // the first listing page lost a link (changed); book 3 answered 304 before it was found unlinked
            assertEquals(Map.of("changed", 1L, "removed", 1L, "unchanged", (long) PAGES - 1), r.recrawled());
            assertEquals(Set.of(), itemUrls());

            site.takeStatuses();
            crawl(site, settings(scheduler, "recrawl=true", rule));
            assertEquals(Map.of(304, PAGES - 1), site.takeStatuses(), "book 3 is not known any more");
        }
    }

    @Test
    void theUnlinkedRuleRemovesNothingWhilePagesLinksAreUnknown() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            crawl(site, settings("sqlite")); // records without links
            site.unlink(3);
            CrawlResult r = crawl(site, settings("sqlite", "recrawl=true", "recrawl_removed_when_unlinked=true"));
            assertEquals(Map.of("changed", 1L, "unchanged", (long) PAGES - 1), r.recrawled(), "book 3 is kept");
        }
    }

    @Test
    void theItemsOfRemovedPagesAreDeletedFromADatabaseOutputWhenAsked() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            Path db = dir.resolve("books.db");
            String[] rules = {"recrawl_removed_items=delete", "recrawl_removed_when_unlinked=true"};
            crawl(site, intoDatabase(db, rules));
            assertEquals(LISTINGS * PER_PAGE, storedUrls(db).size());
            IntStream.range(10, 15).forEach(site::delete);
            site.unlink(3);
            CrawlResult r = crawl(site, intoDatabase(db, rules).with("recrawl", "true", "test"));
            assertEquals(6L, r.recrawled().get("removed"), "5 answered 404, 1 no longer linked");
            assertEquals(6, r.get("items/deleted"), r.stats().toString());
            Set<String> expected = new TreeSet<>(IntStream.range(0, LISTINGS * PER_PAGE)
                    .filter(i -> i != 3 && (i < 10 || i >= 15))
                    .mapToObj(site::bookUrl)
                    .toList());
            assertEquals(expected, storedUrls(db), "their rows are deleted, the others kept");
        }
    }

    @Test
    void theItemsOfRemovedPagesAreFlaggedInADatabaseOutputUntilTheirPagesComeBack() throws Exception {
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE)) {
            Path db = dir.resolve("books.db");
            Settings crawlAll = intoDatabase(db, "recrawl_removed_items=flag");
            crawl(site, crawlAll);
            Map<String, String> none =
                    IntStream.range(0, LISTINGS * PER_PAGE).boxed().collect(Collectors.toMap(site::bookUrl, i -> "-"));
            assertEquals(none, removedFlags(db), "every row has the column, null");

            site.delete(7);
            site.delete(42);
            CrawlResult gone = crawl(site, crawlAll.with("recrawl", "true", "test"));
            assertEquals(2L, gone.recrawled().get("removed"));
            assertEquals(2, gone.get("items/flagged"), gone.stats().toString());
            Map<String, String> flags = removedFlags(db);
            assertEquals(none.keySet(), flags.keySet(), "no row deleted");
            Map<String, String> flagged = new TreeMap<>(flags);
            flagged.values().removeIf("-"::equals);
            assertEquals(Set.of(site.bookUrl(7), site.bookUrl(42)), flagged.keySet(), "only theirs flagged");
            flagged.values().forEach(Instant::parse); // ISO-8601 in UTC

            // a page that comes back is a new page to the next re-crawl (its listing links it again),
            // whose item is written again
            site.restore(7);
            CrawlResult back = crawl(site, crawlAll.with("recrawl", "true", "test"));
            assertEquals(1L, back.recrawled().get("new"), back.recrawled().toString());
            Map<String, String> after = removedFlags(db);
            assertEquals("-", after.get(site.bookUrl(7)), "written again: its flag is cleared");
            assertEquals(flagged.get(site.bookUrl(42)), after.get(site.bookUrl(42)), "still gone: still flagged");
            after.values().removeIf("-"::equals);
            assertEquals(1, after.size(), after.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"delete", "flag"})
    void theItemsOfRemovedPagesAreDeletedOrFlaggedInMongoDB(String mode) throws Exception {
        MongoServer server = new MongoServer(new MemoryBackend());
        String uri = "mongodb://127.0.0.1:" + server.bind().getPort() + "/recrawl";
        try (ChangingSite site = new ChangingSite(LISTINGS, PER_PAGE);
                MongoClient client = MongoClients.create(uri)) {
            Settings settings = TestSettings.fast(
                    dir.resolve("unused.jsonl"),
                    "concurrency=8",
                    "scheduler=sqlite",
                    "job_dir=" + dir.resolve("jobs"),
                    "output=" + uri,
                    "recrawl_removed_items=" + mode);
            crawl(site, settings);
            site.delete(7);
            site.delete(42);
            CrawlResult r = crawl(site, settings.with("recrawl", "true", "test"));
            assertEquals(2L, r.recrawled().get("removed"));
            Map<String, Object> docs = new TreeMap<>(); // url to _removed_at, "-" if none
            for (Document d :
                    client.getDatabase("recrawl").getCollection("book").find()) {
                docs.put(d.getString("url"), Objects.requireNonNullElse(d.get("_removed_at"), "-"));
            }
            Set<String> gone = Set.of(site.bookUrl(7), site.bookUrl(42));
            if (mode.equals("delete")) {
                assertEquals(LISTINGS * PER_PAGE - 2, docs.size());
                assertTrue(docs.keySet().stream().noneMatch(gone::contains), "deleted");
                assertTrue(docs.values().stream().allMatch("-"::equals));
            } else {
                assertEquals(LISTINGS * PER_PAGE, docs.size(), "none deleted");
                docs.values().removeIf("-"::equals);
                assertEquals(gone, docs.keySet(), "only theirs flagged");
                docs.values().forEach(at -> assertTrue(at instanceof Date, "a date: " + at));
            }
        } finally {
            server.shutdownNow();
        }
    }

    /** A crawl on a SQLite job in {@code dir} whose items go to the SQLite file {@code db}. */
    private Settings intoDatabase(Path db, String... more) {
        List<String> kv =
                new ArrayList<>(List.of("concurrency=8", "scheduler=sqlite", "job_dir=" + dir.resolve("jobs")));
        kv.addAll(List.of(more));
        return TestSettings.fast(db, kv.toArray(String[]::new));
    }

    /** Each stored book's URL and its {@code _removed_at}, or {@code -} for null. */
    private static Map<String, String> removedFlags(Path db) throws Exception {
        Map<String, String> flags = new TreeMap<>();
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
                var st = c.createStatement();
                var rs = st.executeQuery("SELECT url, _removed_at FROM book")) {
            while (rs.next()) flags.put(rs.getString(1), Objects.requireNonNullElse(rs.getString(2), "-"));
        }
        return flags;
    }

    private static Set<String> storedUrls(Path db) throws Exception {
        Set<String> urls = new TreeSet<>();
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
                var st = c.createStatement();
                var rs = st.executeQuery("SELECT url FROM book")) {
            while (rs.next()) urls.add(rs.getString(1));
        }
        return urls;
    }
}
