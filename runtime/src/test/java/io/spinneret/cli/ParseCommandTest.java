package io.spinneret.cli;

import static io.spinneret.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.TestSite;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code spinneret parse} over real TCP against the test books site, with the {@code testbooks} spider. */
class ParseCommandTest {
    static TestSite site;

    @BeforeAll
    static void startSite() throws Exception {
        site = TestSite.books(3);
        site.route(
                "/refresh",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><head><meta http-equiv=\"refresh\" content=\"0; url=/book/5\"></head><body>moved</body></html>"));
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    private static List<String> lines(MainTest.Run r, String prefix) {
        return r.out().lines().filter(l -> l.startsWith(prefix)).toList();
    }

    @Test
    void theDefaultCallbackPrintsTheRequestsItYieldsWithCallbackPriorityAndDepth() {
        MainTest.Run r = run("parse", site.root(), "--spider", "testbooks", "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        List<String> requests = lines(r, "GET ");
        // 20 detail links and the next page, plus the mailto/javascript links a crawl would drop as unusable
        assertTrue(requests.contains("GET " + site.url("/book/0") + " callback=detail priority=1 depth=1"), r.out());
        assertTrue(requests.contains("GET " + site.url("/page/2") + " callback=parse priority=0 depth=1"), r.out());
        assertEquals(
                21,
                requests.stream()
                        .filter(l -> l.startsWith("GET " + site.url("/")))
                        .count(),
                r.out());
        assertTrue(lines(r, "{").isEmpty(), "a listing page yields no items: " + r.out());
    }

    @Test
    void aRuleSpidersRequestsComeFromItsFollowRulesAsInACrawl() {
        MainTest.Run r = run("parse", site.root(), "--spider", "testbooks-rules", "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("# requests: 21"), r.out());
        List<String> requests = lines(r, "GET ");
        assertTrue(requests.contains("GET " + site.url("/book/0") + " callback=detail priority=1 depth=1"), r.out());
        assertTrue(requests.contains("GET " + site.url("/page/2") + " callback=parse priority=0 depth=1"), r.out());
    }

    @Test
    void aNamedCallbackPrintsItsItemAsAJsonLine() {
        MainTest.Run r = run(
                "parse",
                site.url("/book/5"),
                "--spider",
                "testbooks",
                "--callback",
                "detail",
                "-s",
                "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertEquals(
                List.of("{\"url\":\"" + site.url("/book/5")
                        + "\",\"title\":\"Book 5\",\"price\":15.05,\"upc\":\"upc000005\"}"),
                lines(r, "{"));
    }

    @Test
    void aMetaRefreshIsFollowedAsInACrawlBeforeTheCallbackRuns() {
        MainTest.Run r = run(
                "parse",
                site.url("/refresh"),
                "--spider",
                "testbooks",
                "--callback",
                "detail",
                "-s",
                "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("# detail on " + site.url("/book/5") + " (HTTP 200, depth 0)"), r.out());
        assertEquals(1, lines(r, "{").size(), r.out());
    }

    @Test
    void depthFollowsTheYieldedRequestsWithTheirOwnCallbacks() {
        int before = site.hits("/book/20");
        MainTest.Run r = run("parse", site.root(), "--spider", "testbooks", "--depth", "1", "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertEquals(20, lines(r, "{").size(), "one item per detail page at depth 1: " + r.out());
        assertTrue(r.out().contains("# parse on " + site.url("/page/2") + " (HTTP 200, depth 1)"), r.out());
        assertEquals(before, site.hits("/book/20"), "depth 2 (page 2's books) is not fetched");
    }

    @Test
    void aThrowingCallbackPrintsTheExceptionAndExitsOne() {
        MainTest.Run r = run(
                "parse",
                site.url("/book/7"),
                "--spider",
                "testbooks-failing",
                "--callback",
                "detail",
                "-s",
                "download_delay=0");
        assertEquals(1, r.code(), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "# the callback threw java.lang.IllegalStateException: boom on " + site.url("/book/7")),
                r.out());
        assertTrue(r.out().contains("#     at io.spinneret.testing.BooksFixture.detail(BooksFixture.java:"), r.out());
    }

    @Test
    void anUnknownCallbackListsTheSpidersCallbacks() {
        MainTest.Run r = run("parse", site.root(), "--spider", "testbooks", "--callback", "detial");
        assertEquals(2, r.code(), r.out());
        assertTrue(
                r.err().contains("error: spider 'testbooks' has no callback 'detial'; its callbacks: detail, parse"),
                r.err());
    }

    @Test
    void anUnknownSpiderListsTheSpiders() {
        MainTest.Run r = run("parse", site.root(), "--spider", "nosuch");
        assertEquals(2, r.code(), r.out());
        assertTrue(
                r.err()
                        .contains(
                                "no spider named 'nosuch'; available: testbooks, testbooks-args, testbooks-failing, testbooks-rules"),
                r.err());
    }

    @Test
    void aPageThatCannotBeFetchedSaysWhyAndExitsOne() {
        MainTest.Run r = run("parse", site.url("/page/99"), "--spider", "testbooks", "-s", "download_delay=0");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("(HTTP 404, depth 0)") && r.out().contains("not a 2xx response"), r.out());
    }
}
