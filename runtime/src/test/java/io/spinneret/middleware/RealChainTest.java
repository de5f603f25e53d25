package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RealChainTest {
    private final TestSite site = new TestSite().page("/", "home").page("/side", "side");
    private final TestDownloader downloader = new TestDownloader();
    private final TestCrawl crawl = new TestCrawl(TestSettings.of());
    private final List<String> events = new CopyOnWriteArrayList<>();

    RealChainTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
        downloader.close();
    }

    private Middleware recording(String name) {
        return Middleware.named(name, chain -> {
            events.add("> " + name);
            Response r = chain.proceed(chain.request().toBuilder()
                    .header("X-Path", chain.request().headers().getOrDefault("X-Path", "") + "/" + name)
                    .build());
            events.add("< " + name);
            return r;
        });
    }

    @Test
    void requestSideRunsInOrderAndResponseSideInReverse() throws Exception {
        Response r = RealChain.execute(
                List.of(recording("a"), recording("b"), recording("c")), Request.of(site.url("/")), downloader, crawl);

        assertEquals(200, r.status());
        assertEquals(List.of("> a", "> b", "> c", "< c", "< b", "< a"), events);
        // the downloader got the request as changed by every middleware, in order
        assertEquals("/a/b/c", site.log.get(0).header("X-Path"));
    }

    @Test
    void failuresTravelBackThroughTheMiddlewaresInReverse() throws Exception {
        Middleware catcher = Middleware.named("catcher", chain -> {
            try {
                return chain.proceed(chain.request());
            } catch (IOException e) {
                events.add("caught " + e.getClass().getSimpleName());
                throw e;
            }
        });
        String dead = ForwardProxy.dead() + "/";
        assertThrows(
                IOException.class,
                () -> RealChain.execute(List.of(recording("outer"), catcher), Request.of(dead), downloader, crawl));
        assertEquals(List.of("> outer", "caught ConnectException"), events);
    }

    @Test
    void aMiddlewareReturningNullIsNamed() {
        Middleware broken = Middleware.named("broken", chain -> null);
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> RealChain.execute(List.of(broken), Request.of(site.url("/")), downloader, crawl));
        assertTrue(e.getMessage().contains("broken returned null"), e.getMessage());
    }

    @Test
    void aMiddlewareProceedingTwiceIsNamed() {
        Middleware greedy = Middleware.named("greedy", chain -> {
            chain.proceed(chain.request());
            return chain.proceed(chain.request());
        });
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> RealChain.execute(List.of(greedy), Request.of(site.url("/")), downloader, crawl));
        assertTrue(e.getMessage().contains("greedy called proceed twice"), e.getMessage());
        assertEquals(1, site.count("/"));
    }

    @Test
    void fetchRunsASideRequestThroughTheLaterMiddlewaresOnly() throws Exception {
        Middleware fetcher = Middleware.named("fetcher", chain -> {
            Response side = chain.fetch(Request.of(site.url("/side")));
            events.add("side " + side.status() + " " + side.text());
            return chain.proceed(chain.request());
        });
        Response r = RealChain.execute(
                List.of(recording("before"), fetcher, recording("after")),
                Request.of(site.url("/")),
                downloader,
                crawl);

        assertEquals("home", r.text());
        assertEquals(
                List.of("> before", "> after", "< after", "side 200 side", "> after", "< after", "< before"), events);
        assertEquals("/after", site.hits("/side").get(0).header("X-Path"), "side request skipped 'before'");
        assertEquals("/before/after", site.hits("/").get(0).header("X-Path"));
    }
}
