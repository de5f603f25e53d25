package io.spinneret.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.test.site.StockSpider;
import io.spinneret.test.site.StockSpider.Stocked;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opentest4j.AssertionFailedError;

/** A callback that fetches inline, tested with canned responses and against a {@link PageServer}. */
class InlineFetchTesterTest {
    @RegisterExtension
    static PageServer site = PageServer.of(SpiderTesterTest.SITE);

    static final String DUNE = "https://shop.example/shelf/dune.html";
    final SpiderTester stock = SpiderTester.of(StockSpider.class);
    final Response dunePage = Pages.file(SpiderTesterTest.SITE.resolve("shelf/dune.html"), DUNE);

    @Test
    void aCannedResponseAnswersTheFetchOfItsUrl() {
        Yielded out = stock.respond(
                        "https://shop.example/shelf/dune.json",
                        Pages.json("{\"stock\": 7}", "https://shop.example/shelf/dune.json"))
                .parse(dunePage)
                .assertNoError();
        assertEquals(new Stocked(DUNE, "Dune", 7), out.item(Stocked.class));
        assertEquals(
                List.of("https://shop.example/shelf/dune.json"),
                out.fetched().stream().map(Request::url).toList());
    }

    @Test
    void aCannedErrorStatusThrowsAsInACrawl() {
        Yielded out = stock.respond(
                        "https://shop.example/shelf/dune.json",
                        Pages.status(404, "https://shop.example/shelf/dune.json"))
                .parse(dunePage)
                .assertNoError();
        assertEquals(0, out.item(Stocked.class).stock(), "the callback caught the 404");
        Yielded broken = stock.respond(
                        "https://shop.example/shelf/dune.json",
                        Pages.status(500, "https://shop.example/shelf/dune.json"))
                .parse(dunePage);
        assertTrue(broken.error() instanceof FetchException f && f.status() == 500, String.valueOf(broken.error()));
    }

    @Test
    void aFetchTheTestGaveNoResponseForFailsNamingIt() {
        Yielded out = stock.parse(dunePage);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, out::assertNoError);
        assertTrue(
                e.getMessage()
                        .contains(
                                "the callback fetched https://shop.example/shelf/dune.json inline, and the test gave no response for it"),
                e.getMessage());
    }

    @Test
    void fetchLiveFetchesFromAPageServerThroughTheSpidersChain() {
        SpiderTester live = stock.fetchLive("respect_robots=false");
        String dune = site.url("/shelf/dune.html"), emma = site.url("/shelf/emma.html");
        int before = site.requests();
        assertEquals(
                new Stocked(dune, "Dune", 3),
                live.parse(Pages.file(SpiderTesterTest.SITE.resolve("shelf/dune.html"), dune))
                        .assertNoError()
                        .item(Stocked.class));
        assertEquals(
                new Stocked(emma, "Emma", 0),
                live.parse(Pages.file(SpiderTesterTest.SITE.resolve("shelf/emma.html"), emma))
                        .assertNoError()
                        .item(Stocked.class),
                "emma has no .json: a 404, which the callback handles");
        assertEquals(2, site.requests() - before, "the two documents; the pages themselves were saved");
    }
}
