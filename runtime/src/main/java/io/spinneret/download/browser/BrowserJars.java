package io.spinneret.download.browser;

import io.spinneret.api.Request;
import io.spinneret.download.http.CookieJars;
import java.net.CookieManager;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The browser's side of the crawl's {@link CookieJars}: one {@link BrowserCookies} per jar, each
 * sharing its cookies both ways with the HTTP jar of the same name, so a session's cookies hold
 * in the browser and over HTTP alike. A render slot that turns to a request of another jar clears
 * its context's cookies first (see {@link SlotCookies}). Thread-safe.
 */
final class BrowserJars {
    /** The name under which the crawl's own jar is kept here. */
    static final String CRAWL = "";

    private record Shared(@Nullable CookieManager http, BrowserCookies browser) {}

    private final CookieJars jars;
    private final Map<String, Shared> byName = new HashMap<>();

    BrowserJars(CookieJars jars) {
        this.jars = jars;
    }

    /** The name of {@code request}'s jar: {@link #CRAWL} for the crawl's own. */
    static String nameOf(Request request) {
        String name = request.cookieJar();
        return name == null ? CRAWL : name;
    }

    /** The browser cookies of the jar named {@code name}; anew once that HTTP jar was forgotten and made again. */
    synchronized BrowserCookies cookies(String name) {
        CookieManager http = name.equals(CRAWL) ? jars.crawl() : jars.named(name);
        Shared s = byName.get(name);
        if (s == null || s.http() != http) {
            s = new Shared(http, new BrowserCookies(http == null ? null : http.getCookieStore()));
            byName.put(name, s);
        }
        return s.browser();
    }
}
