package io.spinneret.download.browser;

import com.microsoft.playwright.options.Cookie;
import java.net.CookieStore;
import java.net.HttpCookie;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The cookie jar the render pool's slots share, as the tabs of one browser do: each slot renders in
 * a browser context of its own (one Playwright connection per thread), so without it a login
 * rendered in one slot would not hold for the pages the others render. After each render a slot
 * hands over its context's cookies ({@link #update}); before the next it takes the ones that
 * changed since it last looked ({@link #since}). A cookie is known by its name, domain and path;
 * the last value seen wins. Thread-safe.
 *
 * <p>With the HTTP downloader's cookie store, the two share their cookies as well: {@link #since}
 * first takes in what the store holds, and {@link #update} puts the browser's new cookies there.
 * The store keeps a host-only cookie of a dotless host ({@code localhost}) as {@code localhost.local}
 * (the JDK's rule), which is undone on the way back.
 */
final class BrowserCookies {
    private record Entry(Cookie cookie, long version) {}

    /** What a slot takes before a render: the cookies changed since it last looked, and the version it has then. */
    record Taken(List<Cookie> cookies, long version) {}

    private final Map<String, Entry> byKey = new LinkedHashMap<>();
    private final @Nullable CookieStore http;
    private long version;

    /** @param http the HTTP downloader's cookie store to share with, or null */
    BrowserCookies(@Nullable CookieStore http) {
        this.http = http;
    }

    /** The cookies that changed after version {@code seen} (all of them for 0), with the newest version. */
    synchronized Taken since(long seen) {
        takeFromHttp();
        List<Cookie> out = new ArrayList<>();
        for (Entry e : byKey.values()) if (e.version > seen) out.add(e.cookie);
        return new Taken(out, version);
    }

    /**
     * Takes the cookies a context holds now; new and changed ones get a new version (and go to
     * the HTTP downloader's store).
     *
     * @param seen the version the slot had taken before its render
     * @return the version the slot has now: the newest if nothing else changed since {@code seen}
     *     (the new versions are its own cookies), else {@code seen}
     */
    synchronized long update(List<Cookie> current, long seen) {
        boolean upToDate = seen == version;
        for (Cookie c : current) {
            Entry old = byKey.get(key(c));
            if (old == null || !sameCookie(old.cookie, c)) {
                byKey.put(key(c), new Entry(c, ++version));
                giveToHttp(c);
            }
        }
        return upToDate ? version : seen;
    }

    private void takeFromHttp() {
        if (http == null) return;
        for (HttpCookie h : http.getCookies()) { // expired ones are dropped by the store
            Cookie c = fromHttp(h);
            Entry old = byKey.get(key(c));
            if (old == null || !Objects.equals(old.cookie.value, c.value)) byKey.put(key(c), new Entry(c, ++version));
        }
    }

    private void giveToHttp(Cookie c) {
        if (http == null || c.domain == null) return;
        String host = c.domain.startsWith(".") ? c.domain.substring(1) : c.domain;
        HttpCookie h = new HttpCookie(c.name, c.value);
        h.setVersion(0);
        h.setDomain(c.domain.indexOf('.') < 0 ? c.domain + ".local" : c.domain);
        h.setPath(c.path == null ? "/" : c.path);
        h.setSecure(Boolean.TRUE.equals(c.secure));
        h.setHttpOnly(Boolean.TRUE.equals(c.httpOnly));
        if (c.expires != null && c.expires >= 0) h.setMaxAge(Math.max(0, (long) (c.expires - System.currentTimeMillis() / 1000.0)));
        try {
            http.add(URI.create((h.getSecure() ? "https://" : "http://") + host + "/"), h);
        } catch (IllegalArgumentException e) {
            // a domain that is no host name: the browser keeps it to itself
        }
    }

    private static Cookie fromHttp(HttpCookie h) {
        String domain = h.getDomain();
        if (domain != null && domain.endsWith(".local") && domain.indexOf('.') == domain.length() - ".local".length()) {
            domain = domain.substring(0, domain.length() - ".local".length()); // the JDK's dotless host
        }
        Cookie c = new Cookie(h.getName(), h.getValue()).setDomain(domain).setPath(h.getPath() == null ? "/" : h.getPath())
                .setSecure(h.getSecure()).setHttpOnly(h.isHttpOnly());
        if (h.getMaxAge() >= 0) c.setExpires(System.currentTimeMillis() / 1000.0 + h.getMaxAge());
        return c;
    }

    private static String key(Cookie c) {
        return c.name + '\u0000' + c.domain + '\u0000' + c.path;
    }

    private static boolean sameCookie(Cookie a, Cookie b) {
        return Objects.equals(a.value, b.value) && Objects.equals(a.expires, b.expires) && Objects.equals(a.httpOnly, b.httpOnly)
                && Objects.equals(a.secure, b.secure) && a.sameSite == b.sameSite;
    }
}
