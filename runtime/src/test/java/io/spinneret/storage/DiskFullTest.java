package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Output on a disk that fills up, for real: a small tmpfs (skipped where mounting is not allowed).
 * Space freed during the pipeline's retry pause: the crawl recovers and the output holds every item
 * once, whole. A disk that stays full: the crawl fails naming the operating system's reason, exit 1,
 * and the output holds whole batches only, as many items as the summary says.
 */
class DiskFullTest {
    private static final int PAGES = 5; // 100 books of about 130 bytes as JSON

    @TempDir
    Path tmp;

    /** The storage under test; on its first failed write, runs {@code onFailure} (the retry pause follows). */
    private static final class WatchedStorage implements Storage {
        final Storage inner;
        final Runnable onFailure;
        final AtomicInteger failures = new AtomicInteger();

        WatchedStorage(Storage inner, Runnable onFailure) {
            this.inner = inner;
            this.onFailure = onFailure;
        }

        @Override
        public void open() throws IOException {
            inner.open();
        }

        @Override
        public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
            try {
                inner.write(schema, items);
            } catch (IOException e) {
                if (failures.getAndIncrement() == 0) onFailure.run();
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            inner.close();
        }

        @Override
        public String describe() {
            return inner.describe();
        }
    }

    /** Free space to leave: the first batches fit, a later one does not (SQLite needs pages for its WAL and tables). */
    private static long leave(String name) {
        return name.endsWith(".db") ? 64 * 1024 : 6 * 1024;
    }

    private CrawlResult crawl(
            TestSite site, Path out, boolean freeSpace, SmallDisk disk, WatchedStorage[] watched, String... more)
            throws Exception {
        List<String> kv = new ArrayList<>(List.of("batch_size=10", "concurrency=2"));
        kv.addAll(List.of(more));
        Settings settings = TestSettings.fast(out, kv.toArray(String[]::new));
        watched[0] = new WatchedStorage(Storages.forTarget(out.toString(), settings), () -> {
            if (!freeSpace) return;
            try {
                disk.free();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(settings)
                .storage(watched[0])
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    /** The UPCs in the output, failing on a line or row that is not whole. */
    private static List<String> stored(Path out) throws Exception {
        List<String> upcs = new ArrayList<>();
        String name = out.getFileName().toString();
        if (name.endsWith(".jsonl")) {
            ObjectMapper json = new ObjectMapper();
            for (String line : Files.readAllLines(out))
                upcs.add(json.readTree(line).get("upc").asText()); // throws on a garbled line
        } else if (name.endsWith(".csv")) {
            List<String> lines = Files.readAllLines(out);
            assertEquals("url,title,price,upc", lines.get(0), "one header, first");
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",");
                assertEquals(4, cells.length, "a whole row: " + line);
                upcs.add(cells[3]);
            }
        } else {
            try (var c = DriverManager.getConnection("jdbc:sqlite:" + out);
                    var rs = c.createStatement().executeQuery("SELECT upc FROM book")) {
                while (rs.next()) upcs.add(rs.getString(1));
            }
        }
        return upcs;
    }

    @ParameterizedTest
    @ValueSource(strings = {"books.jsonl", "books.csv", "books.db"})
    void spaceFreedDuringTheRetryPauseLeavesEveryItemStoredOnceAndWhole(String name) throws Exception {
        try (SmallDisk disk = SmallDisk.mount(tmp.resolve("disk"), "2m");
                TestSite site = TestSite.books(PAGES)) {
            disk.fillLeaving(leave(name));
            Path out = disk.root.resolve(name);
            WatchedStorage[] watched = new WatchedStorage[1];
            CrawlResult r = crawl(site, out, true, disk, watched);

            assertTrue(watched[0].failures.get() >= 1, "the disk filled up: " + r.stats());
            List<String> upcs = stored(out);
            Set<String> distinct = new HashSet<>(upcs);
            assertEquals(upcs.size(), distinct.size(), "no item written twice");
            assertEquals(site.books(), distinct.size(), r.stats().toString());
            assertEquals(site.books(), r.items());
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), String.valueOf(r.error()));
            assertEquals(0, r.exitCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"books.jsonl", "books.csv"})
    void aDiskThatStaysFullFailsTheCrawlNamingTheCauseAndKeepsWholeBatchesOnly(String name) throws Exception {
        try (SmallDisk disk = SmallDisk.mount(tmp.resolve("disk"), "2m");
                TestSite site = TestSite.books(PAGES)) {
            disk.fillLeaving(leave(name));
            Path out = disk.root.resolve(name);
            WatchedStorage[] watched = new WatchedStorage[1];
            CrawlResult r = crawl(site, out, false, disk, watched, "storage_retry_times=2");

            assertEquals(CrawlResult.Outcome.FAILED, r.outcome());
            assertEquals(1, r.exitCode());
            assertTrue(r.error() != null && r.error().contains("No space left on device"), r.error());
            assertTrue(r.error().contains("after 3 attempts"), r.error());
            List<String> upcs = stored(out);
            assertEquals(0, upcs.size() % 10, "whole batches of batch_size only: " + upcs.size());
            assertTrue(upcs.size() < site.books());
            assertEquals(upcs.size(), r.items(), "the summary counts the items stored");
            assertEquals(upcs.size(), new HashSet<>(upcs).size());
        }
    }

    @Test
    void aFullFrontierDiskFailsTheCrawlWithOneLineAndASummaryNotAStackTrace() throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler(
                (t, e) -> uncaught.add(new AssertionError("thread " + t.getName() + " died", e)));
        try (SmallDisk disk = SmallDisk.mount(tmp.resolve("disk"), "2m");
                TestSite site = TestSite.books(60)) {
            disk.fillLeaving(256 * 1024); // room for the frontier's tables; the frontier of 1,260 requests needs more
            Path out = tmp.resolve("books.jsonl");
            Settings settings =
                    TestSettings.fast(out, "scheduler=sqlite", "job_dir=" + disk.root.resolve("jobs"), "concurrency=4");
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(settings)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(CrawlResult.Outcome.FAILED, r.outcome(), r.stats().toString());
            assertEquals(1, r.exitCode());
            assertTrue(r.error() != null && r.error().contains("full"), r.error());
            assertEquals(List.of(), uncaught, "no thread died of an uncaught exception");
            assertEquals(stored(out).size(), r.items(), "the summary counts the items stored: " + r.summaryLine());
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
