package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.download.http.CookieJar;
import io.spinneret.download.http.CookieJars;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.session.SessionPool;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A session's cookie jar, shared by the HTTP downloader and real Chromium
 * ({@code SPINNERET_TEST_CHROMIUM}) both ways, and kept apart from the other sessions' jars and
 * the crawl's own, even when one render slot serves them all in turn.
 */
class BrowserSessionCookiesTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");
    private TestSite site;
    private BrowserDownloader browser;
    private HttpDownloader http;

    @BeforeEach
    void open() throws Exception {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        site = new TestSite();
        CookieJars jars = new CookieJars(new CookieJar());
        http = new HttpDownloader(Settings.defaults(), jars, null);
        browser = new BrowserDownloader(
                new BrowserOptions(CHROMIUM, 1, Set.of("image", "font", "media"), "load", Duration.ofSeconds(15)),
                Duration.ofSeconds(5),
                jars,
                null);
    }

    @AfterEach
    void close() throws Exception {
        if (browser != null) browser.close();
        if (http != null) http.close();
        if (site != null) site.close();
    }

    private static Request in(String session, String url, Renderer renderer) {
        Request.Builder b = Request.builder(url).renderer(renderer);
        return (session == null ? b : b.cookieJar(SessionPool.jarName(session))).build();
    }

    private String cookiesSeen(String session, Renderer renderer) throws Exception {
        Request r = in(session, site.url("/cookies"), renderer);
        return (renderer == Renderer.BROWSER ? browser.download(r) : http.download(r)).textOf("#cookie");
    }

    @Test
    void aCookieSetOverHttpIsSentByTheBrowserInTheSameSessionOnly() throws Exception {
        http.download(in("a", site.url("/login"), Renderer.HTTP));

        assertEquals("session=s1", cookiesSeen("a", Renderer.BROWSER));
        assertEquals("none", cookiesSeen("b", Renderer.BROWSER), "another session has its own jar");
        assertEquals("none", cookiesSeen(null, Renderer.BROWSER), "and so has the crawl");
        assertEquals("session=s1", cookiesSeen("a", Renderer.BROWSER), "the slot turns back to session a's cookies");
    }

    @Test
    void aCookieSetInTheBrowserIsSentOverHttpInTheSameSessionOnly() throws Exception {
        assertEquals(
                "logged in again",
                browser.download(in("b", site.url("/login2"), Renderer.BROWSER)).textOf("p"));

        assertEquals("token=t2", cookiesSeen("b", Renderer.HTTP));
        assertEquals("none", cookiesSeen("a", Renderer.HTTP));
        assertEquals("none", cookiesSeen(null, Renderer.HTTP));
    }

    @Test
    void aLogoutInTheBrowserEndsTheSessionOverHttpToo() throws Exception {
        http.download(in("a", site.url("/login"), Renderer.HTTP));
        assertEquals("session=s1", cookiesSeen("a", Renderer.HTTP));

        browser.download(in("a", site.url("/logout"), Renderer.BROWSER));

        assertEquals("none", cookiesSeen("a", Renderer.HTTP));
    }
}
