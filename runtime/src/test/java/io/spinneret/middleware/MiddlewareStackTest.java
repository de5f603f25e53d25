package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class MiddlewareStackTest {

    private static List<String> names(List<Middleware> chain) {
        return chain.stream().map(Middleware::name).toList();
    }

    private static Middleware noop(String name) {
        return Middleware.named(name, chain -> chain.proceed(chain.request()));
    }

    @Test
    void theDefaultChainIsRetrySessionRobotsUserAgentProxyThrottle() {
        List<Middleware> chain = MiddlewareStack.build(TestSettings.of());
        assertEquals(List.of("retry", "session", "robots", "user_agent", "proxy", "throttle"), names(chain));
        assertEquals(MiddlewareStack.BUILT_INS, names(chain));
        assertInstanceOf(RetryMiddleware.class, chain.get(0));
        assertInstanceOf(SessionMiddleware.class, chain.get(1));
        assertInstanceOf(ThrottleMiddleware.class, chain.get(5));
    }

    @Test
    void theDefaultChainIsPolite() {
        List<Middleware> chain = MiddlewareStack.build(Settings.defaults());
        assertTrue(((RobotsMiddleware) chain.get(2)).enabled(), "robots.txt respected by default");
        assertEquals(Duration.ofSeconds(1), ((ThrottleMiddleware) chain.get(5)).delayOf("example.com"));
        assertEquals(3, ((RetryMiddleware) chain.get(0)).policy().times());
    }

    @Test
    void describesTheEffectiveChainInOneLine() {
        String line =
                MiddlewareStack.describe(MiddlewareStack.build(TestSettings.of("retry_times=2", "download_delay=0.5")));
        assertEquals(
                "retry(2 times) -> session(off) -> robots(off) -> user_agent(1 agent) -> proxy(none) -> "
                        + "throttle(delay 0.5 s, no per-domain limit) -> [downloader]",
                line);
    }

    @Test
    void settingsAddProviderMiddlewaresByNameAtTheirPositions() {
        List<Middleware> chain =
                MiddlewareStack.build(TestSettings.of("middlewares=timer@before:throttle, audit@first"));
        assertEquals(
                List.of("audit", "retry", "session", "robots", "user_agent", "proxy", "timer", "throttle"),
                names(chain));
    }

    @Test
    void aBareNameGoesInnermostAndLaterEntriesCanAnchorOnEarlierOnes() {
        List<Middleware> chain = MiddlewareStack.build(TestSettings.of("middlewares=timer,audit@after:timer"));
        assertEquals(
                List.of("retry", "session", "robots", "user_agent", "proxy", "throttle", "timer", "audit"),
                names(chain));
    }

    @Test
    void anUnknownMiddlewareNameListsTheKnownOnes() {
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class, () -> MiddlewareStack.build(TestSettings.of("middlewares=timre")));
        assertEquals("middlewares: no middleware named 'timre' (in test); known: audit, timer", e.getMessage());
    }

    @Test
    void anUnknownPositionOrAnchorIsAnError() {
        assertTrue(assertThrows(
                        InvalidSettingException.class,
                        () -> MiddlewareStack.build(TestSettings.of("middlewares=timer@middle")))
                .getMessage()
                .contains("unknown position 'middle'"));
        assertTrue(assertThrows(
                        InvalidSettingException.class,
                        () -> MiddlewareStack.build(TestSettings.of("middlewares=timer@before:cache")))
                .getMessage()
                .contains("no middleware named 'cache' to position against"));
    }

    @Test
    void theBuilderPlacesMiddlewaresByPosition() {
        List<Middleware> chain = MiddlewareStack.builder(TestSettings.of())
                .first(noop("first"))
                .add(noop("last"))
                .before("proxy", noop("beforeProxy"))
                .after("retry", noop("afterRetry"))
                .replace("user_agent", noop("user_agent"))
                .build();
        assertEquals(
                List.of(
                        "first",
                        "retry",
                        "afterRetry",
                        "session",
                        "robots",
                        "user_agent",
                        "beforeProxy",
                        "proxy",
                        "throttle",
                        "last"),
                names(chain));
        assertThrows(
                InvalidSettingException.class,
                () -> MiddlewareStack.builder(TestSettings.of()).add(noop("retry")));
    }

    @Test
    void theBuiltChainRunsRequestSideInOrderAndResponseSideReversed() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        Middleware outer = Middleware.named("outer", chain -> {
            events.add("out:" + chain.request().headers().containsKey("User-Agent"));
            Response r = chain.proceed(chain.request());
            events.add("back:outer");
            return r;
        });
        Middleware inner = Middleware.named("inner", chain -> {
            events.add("in:" + chain.request().headers().containsKey("User-Agent"));
            Response r = chain.proceed(chain.request());
            events.add("back:inner");
            return r;
        });
        try (TestSite site = new TestSite().page("/", "ok");
                TestDownloader downloader = new TestDownloader()) {
            List<Middleware> chain = MiddlewareStack.builder(TestSettings.of())
                    .before("user_agent", outer)
                    .after("user_agent", inner)
                    .build();
            RealChain.execute(chain, Request.of(site.url("/")), downloader, new TestCrawl(TestSettings.of()));
        }
        // outer runs before the user agent is set and inner after it; on the way back inner comes first
        assertEquals(List.of("out:false", "in:true", "back:inner", "back:outer"), events);
    }

    @Test
    void providerMiddlewaresRunInTheCrawl() throws Exception {
        try (TestSite site = new TestSite().page("/", "ok");
                TestDownloader downloader = new TestDownloader()) {
            TestCrawl crawl = new TestCrawl(TestSettings.of("middlewares=timer@before:throttle"));
            crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/")));
            assertEquals(1, crawl.stats.get("timer/requests"));
            assertEquals(Boolean.TRUE, crawl.responses.get(0).request().meta().get("timer"));
        }
    }
}
