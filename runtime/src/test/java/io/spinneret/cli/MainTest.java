package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    static TestSite site;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSite() throws Exception {
        site = TestSite.books(3);
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream realErr = System.err;
        System.setErr(errStream); // slf4j-simple logs to whatever System.err is at the time
        int code;
        try {
            code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8), errStream);
        } finally {
            System.setErr(realErr);
        }
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private String[] crawl(String spider, String... extra) {
        String[] base = {
            "run",
            spider,
            "-s",
            "start_urls=" + site.root(),
            "-s",
            "download_delay=0",
            "-s",
            "respect_robots=false",
            "-s",
            "retry_times=0",
            "-o",
            dir.resolve("out.jsonl").toString()
        };
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    @Test
    void listShowsSpidersWithClassAndStartUrls() {
        Run r = run("list");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("testbooks"), r.out());
        assertTrue(r.out().contains("io.spinneret.testing.BooksSpider"), r.out());
        assertTrue(r.out().contains("http://127.0.0.1:9/"), r.out());
    }

    @Test
    void runCrawlsAndPrintsTheSummaryLine() throws Exception {
        Run r = run(crawl("testbooks"));
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().strip().matches("63 requests \\| 63 responses \\| 0 failures \\| 60 items \\| \\d+\\.\\ds"),
                r.out());
        assertEquals(60, Files.readAllLines(dir.resolve("out.jsonl")).size());
        assertTrue(
                r.err()
                        .lines()
                        .anyMatch(l -> l.contains("Crawler - stats {")
                                && l.contains("items=60")
                                && l.contains("responses=63")),
                "every counter is logged at the end: " + r.err());
    }

    @Test
    void maxItemsWritesExactlyThatManyAndExitsZero() throws Exception {
        Run r = run(crawl("testbooks", "-n", "7", "-c", "8"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("| 7 items |"), r.out());
        assertEquals(7, Files.readAllLines(dir.resolve("out.jsonl")).size());
    }

    @Test
    void failuresInCallbacksGiveExitCodeOneAndTheCrawlGoesOn() throws Exception {
        Run r = run(crawl("testbooks-failing", "-c", "1"));
        assertEquals(1, r.code(), r.err());
        // page 2's callback threw before following anything: its 20 books and page 3 are lost; book 7 failed
        assertTrue(r.out().contains("| 2 failures | 19 items |"), r.out());
        assertTrue(r.err().contains("callback 'parse' failed on " + site.url("/page/2")), r.err());
        assertTrue(r.err().contains("callback 'detail' failed on " + site.url("/book/7")), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace without --log-level debug");
    }

    @Test
    void aRequestThatFailsAfterItsRetriesIsLoggedOnceWithItsUrlAndLastReason() {
        Run r = run(
                "run",
                "testbooks",
                "-s",
                "start_urls=http://127.0.0.1:1/",
                "-s",
                "respect_robots=false",
                "-s",
                "retry_times=1",
                "-s",
                "retry_backoff=0.01",
                "-o",
                dir.resolve("none.jsonl").toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(
                r.err().contains("GET http://127.0.0.1:1/ failed after 1 retry: ConnectException: Connection refused"),
                r.err());
        assertFalse(r.err().contains("gave up on"), "the URL is not repeated: " + r.err());
    }

    @Test
    void aStartUrlThatAnswers404IsShownInTheSummaryLineAndTheCrawlOfNothingExits3() {
        Run r = run(
                "run",
                "testbooks",
                "-s",
                "start_urls=" + site.root() + "no-such-page.html",
                "-s",
                "download_delay=0",
                "-s",
                "respect_robots=false",
                "-o",
                dir.resolve("none.jsonl").toString());
        assertEquals(3, r.code(), r.err());
        assertTrue(
                r.out().contains("1 requests | 1 responses | 0 failures | 0 items | 1 ignored (HTTP 404: 1) | "),
                r.out());
        assertTrue(
                r.err().contains("error: nothing was crawled: responses were not handed to a callback (HTTP 404: 1)"),
                r.err());
    }

    @Test
    void resumeWithAMemorySchedulerChosenExplicitlyIsAUsageError() {
        Run r = run(crawl("testbooks", "-s", "scheduler=memory", "--resume"));
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "error: --resume needs a persistent scheduler (sqlite or redis), but scheduler = memory is set in command line"
                        + " (-s scheduler=memory): a memory queue keeps nothing to resume",
                r.err().strip());
    }

    @Test
    void recrawlCrawlsAJobOnceThenRequestsItsKnownPagesAgainAndPrintsTheirChangeStatus() {
        String job = "job_dir=" + dir.resolve("jobs");
        Run first = run(crawl("testbooks", "-s", job, "--recrawl"));
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().matches("(?s).* 60 items \\| 63 recrawled \\(new: 63\\) \\|.*"), first.out());
        Run again = run(crawl("testbooks", "-s", job, "--recrawl"));
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().matches("(?s).* 0 items \\| 63 recrawled \\(unchanged: 63\\) \\|.*"), again.out());
        Run both = run(crawl("testbooks", "-s", job, "--recrawl", "--resume"));
        assertEquals(2, both.code(), both.err());
        assertEquals(
                "error: give --recrawl (request the known pages again) alone, without --resume or --new-crawl",
                both.err().strip());
    }

    @Test
    void aJarInTheSpidersDirectoryThatCannotBeReadIsNamed() throws Exception {
        Files.writeString(dir.resolve("half-copied.jar"), "not a zip");
        Run r = run("list", "--spiders", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.err()
                        .contains("skipping " + dir.resolve("half-copied.jar")
                                + " in the spiders directory: not a readable jar ("),
                r.err());
        assertTrue(r.out().contains("testbooks"), "the class path's spiders are still listed: " + r.out());
    }

    @Test
    void unknownSpiderIsAUsageErrorListingTheAvailableOnes() {
        Run r = run("run", "nope");
        assertEquals(2, r.code());
        assertTrue(
                r.err()
                        .contains(
                                "no spider named 'nope'; available: testbooks, testbooks-args, testbooks-failing, testbooks-rules"),
                r.err());
    }

    @Test
    void unknownSettingNamesKeyAndLayerAndSuggests() {
        Run r = run("run", "testbooks", "-s", "concurency=3");
        assertEquals(2, r.code());
        assertEquals(
                "error: unknown setting 'concurency' (in command line (-s concurency=3)); did you mean 'concurrency'?",
                r.err().strip());
    }

    @Test
    void aStartUrlThatIsNotHttpIsAUsageErrorNamingItsLayer() {
        Run r = run("run", "testbooks", "-s", "start_urls=" + site.root() + ", ftp://example.com/books");
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "error: start_urls expects http(s) URLs, got \"ftp://example.com/books\" (in command line (-s start_urls="
                        + site.root() + ", ftp://example.com/books))",
                r.err().strip());
    }

    @Test
    void anEmptyStartUrlsSettingIsAUsageErrorNotAQuietFallBackToTheSpidersOwn() {
        Run r = run("run", "testbooks", "-s", "start_urls=");
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "error: start_urls is empty: give one http(s) URL or more, or leave it out to crawl the spider's own start URLs"
                        + " (in command line (-s start_urls=))",
                r.err().strip());
    }

    @Test
    void aHostThatCannotBeReachedFailsTheCrawlEvenWithRobotsTxtObeyed() throws Exception {
        // nothing listens on port 1: robots.txt is unreachable, so RFC 9309 disallows the host; that must
        // show as a failure (exit 1), not as a crawl that quietly found nothing
        Run r = run(
                "run",
                "testbooks",
                "-s",
                "start_urls=http://127.0.0.1:1/",
                "-s",
                "respect_robots=true",
                "-s",
                "retry_times=0",
                "-o",
                dir.resolve("none.jsonl").toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("0 requests | 0 responses | 1 failures | 0 items |"), r.out());
        assertTrue(
                r.err()
                        .contains(
                                "GET http://127.0.0.1:1/ failed: not sent: http://127.0.0.1:1/robots.txt is unavailable (ConnectException"),
                r.err());
    }

    @Test
    void badValueInSettingsFileNamesKeySectionAndFile() throws Exception {
        Path toml = dir.resolve("settings.toml");
        Files.writeString(toml, "[default]\nconcurrency = 4\n\n[spider.testbooks]\ndownload_timeout = \"soon\"\n");
        Run r = run("run", "testbooks", "--settings", toml.toString());
        assertEquals(2, r.code());
        assertTrue(
                r.err()
                        .contains("download_timeout expects a number, got \"soon\" (in [spider.testbooks] of " + toml
                                + ")"),
                r.err());
        assertFalse(r.err().contains("\tat "));
    }

    @Test
    void printSettingsShowsEveryLayer() throws Exception {
        Path toml = dir.resolve("settings.toml");
        Files.writeString(
                toml,
                "[default]\ndownload_timeout = 7\nuser_agents = [\"a\", \"b\"]\n[spider.testbooks]\nmax_redirects = 3\n");
        Run r = run("run", "testbooks", "--settings", toml.toString(), "--print-settings", "--delay", "0.25");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("download_timeout\\s+7\\s+\\[default] of .*settings.toml")),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("user_agents\\s+a,b\\s+\\[default] of .*")), r.out());
        assertTrue(
                r.out()
                        .lines()
                        .anyMatch(l -> l.matches(
                                "concurrency\\s+4\\s+@Spider\\(settings\\) of io.spinneret.testing.BooksSpider")),
                r.out());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("max_redirects\\s+3\\s+\\[spider.testbooks] of .*")), r.out());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("download_delay\\s+0.25\\s+command line \\(--delay\\)")),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("retry_times\\s+3\\s+default")), r.out());
    }

    @Test
    void capitalOEmptiesTheOutputFileWhereLowercaseOAppends() throws Exception {
        Path out = dir.resolve("out.jsonl");
        for (int i = 0; i < 2; i++) assertEquals(0, run(crawl("testbooks")).code());
        assertEquals(120, Files.readAllLines(out).size(), "-o appends");
        String[] overwrite = crawl("testbooks");
        overwrite[overwrite.length - 2] = "-O";
        Run r = run(overwrite);
        assertEquals(0, r.code(), r.err());
        assertEquals(60, Files.readAllLines(out).size(), "-O starts the file afresh");
    }

    @Test
    void capitalOIsRefusedWhereItWouldLoseItemsOrHasNoFileToEmpty() {
        Run both = run(
                "run",
                "testbooks",
                "-o",
                dir.resolve("a.jsonl").toString(),
                "-O",
                dir.resolve("b.jsonl").toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give -o (append) or -O (overwrite), not both"), both.err());
        Run resume = run(
                "run",
                "testbooks",
                "--resume",
                "-s",
                "job_dir=" + dir.resolve("jobs"),
                "-O",
                dir.resolve("b.jsonl").toString());
        assertEquals(2, resume.code());
        assertTrue(resume.err().contains("--resume adds to the interrupted crawl's output"), resume.err());
        Run database = run("run", "testbooks", "-O", dir.resolve("b.db").toString());
        assertEquals(2, database.code());
        assertTrue(database.err().contains("is a database, which a crawl upserts into (use -o)"), database.err());
    }

    @Test
    void unsupportedOutputIsAUsageError() {
        Run r = run("run", "testbooks", "-o", dir.resolve("x.xml").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("unsupported output"), r.err());
    }

    @Test
    void unknownOptionIsAUsageError() {
        Run r = run("run", "testbooks", "--bogus");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Unknown option: '--bogus'"), r.err());
    }

    @Test
    void helpAndVersionWorkOnEveryCommand() {
        for (String[] args :
                new String[][] {{"--help"}, {"run", "--help"}, {"list", "--help"}, {"--version"}, {"run", "--version"}
                }) {
            Run r = run(args);
            assertEquals(0, r.code(), String.join(" ", args));
            assertFalse(r.out().isBlank(), String.join(" ", args));
        }
        assertTrue(run("--version").out().startsWith("spinneret 0.1.0"));
    }

    @Test
    void schedulerThatCannotOpenIsOneClearLine() {
        // no Redis listens on port 1: whichever scheduler implementation is present, it cannot open
        Run r = run(crawl("testbooks", "-s", "scheduler=redis", "-s", "redis_url=redis://127.0.0.1:1/0"));
        assertEquals(1, r.code(), r.err());
        assertTrue(
                r.err()
                        .lines()
                        .anyMatch(
                                l -> l.startsWith("error: ") && l.toLowerCase().contains("redis")),
                r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }
}
