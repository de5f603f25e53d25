package io.spinneret.download.browser;

import com.microsoft.playwright.options.Cookie;
import java.net.CookieStore;
import java.net.HttpCookie;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The cookie jar the render pool's slots share, as the tabs of one browser do: each slot renders in
 * a browser context of its own (one Playwright connection per thread), so without it a login
 * rendered in one slot would not hold for the pages the others render. After each render a slot
 * hands over its context's cookies ({@link #update}); before the next it takes the ones that
 * changed since it last looked ({@link #since}). A cookie is known by its name, domain and path;
 * the last value seen wins. Deletions travel too: a cookie that leaves a slot's context during a
 * render (a logout's {@code Max-Age=0}, a script) leaves the jar as a removal that the other slots
 * take, unless another slot set it anew in the meantime. Thread-safe.
 *
 * <p>With the HTTP downloader's cookie store, the two share their cookies as well: {@link #since}
 * first takes in what the store holds, and {@link #update} puts the browser's new cookies there;
 * a cookie that leaves the store (deleted or expired over HTTP) is removed from the browser's
 * contexts, and one the browser deletes is removed from the store.
 * The store keeps a host-only cookie of a dotless host ({@code localhost}) as {@code localhost.local}
 * (the JDK's rule), which is undone on the way back.
 */
final class BrowserCookies {
    /**
     * @param deleted a removal: the cookie left a context or the HTTP store, and the slots clear it
     * @param inHttp whether the HTTP store holds it, so that its leaving the store is a deletion
     */
    private record Entry(Cookie cookie, long version, boolean deleted, boolean inHttp) {}

    /**
     * What a slot takes before a render: the cookies set and the cookies removed since it last
     * looked, and the version it has then.
     */
    record Taken(List<Cookie> cookies, List<Cookie> removed, long version) {}

    private final Map<String, Entry> byKey = new LinkedHashMap<>();
    private final @Nullable CookieStore http;
    private long version;

    /** @param http the HTTP downloader's cookie store to share with, or null */
    BrowserCookies(@Nullable CookieStore http) {
        this.http = http;
    }

    /** The cookies set and removed after version {@code seen} (all of them for 0), with the newest version. */
    synchronized Taken since(long seen) {
        takeFromHttp();
        List<Cookie> set = new ArrayList<>();
        List<Cookie> removed = new ArrayList<>();
        for (Entry e : byKey.values()) {
            if (e.version > seen) (e.deleted ? removed : set).add(e.cookie);
        }
        return new Taken(set, removed, version);
    }

    /**
     * Takes what a render did to a context's cookies: those it set or changed get a new version
     * (and go to the HTTP downloader's store); those the context held before the render and holds
     * no more become removals (and leave the store). A cookie the render left as it was is no news,
     * even if it differs from the jar: another slot or the HTTP downloader changed or deleted it
     * meanwhile, and that newer state stands (the slot takes it before its next render).
     *
     * @param before the cookies the context held when the render began, by {@link #key}
     * @param seen the version the slot had taken before its render
     * @return the version the slot has now: the newest if nothing else changed since {@code seen}
     *     (the new versions are its own doing), else {@code seen}
     */
    synchronized long update(List<Cookie> current, Map<String, Cookie> before, long seen) {
        boolean upToDate = seen == version;
        Set<String> now = new HashSet<>();
        for (Cookie c : current) {
            String k = key(c);
            now.add(k);
            Cookie had = before.get(k);
            if (had != null && sameCookie(had, c)) continue; // untouched by this render
            Entry old = byKey.get(k);
            if (old == null || old.deleted || !sameCookie(old.cookie, c))
                byKey.put(k, new Entry(c, ++version, false, giveToHttp(c)));
        }
        for (String k : before.keySet()) {
            Entry old = byKey.get(k);
            // set anew by another slot during this render: that newer value stands
            if (now.contains(k) || old == null || old.deleted || old.version > seen) continue;
            byKey.put(k, new Entry(old.cookie, ++version, true, false));
            if (old.inHttp && http != null) http.remove(null, toHttp(old.cookie));
        }
        return upToDate ? version : seen;
    }

    private void takeFromHttp() {
        if (http == null) return;
        Set<String> inStore = new HashSet<>();
        for (HttpCookie h : http.getCookies()) { // expired ones are dropped by the store
            Cookie c = fromHttp(h);
            String k = key(c);
            inStore.add(k);
            Entry old = byKey.get(k);
            if (old == null || old.deleted || !Objects.equals(old.cookie.value, c.value)) {
                byKey.put(k, new Entry(c, ++version, false, true));
            } else if (!old.inHttp) {
                byKey.put(k, new Entry(old.cookie, old.version, false, true));
            }
        }
        for (Map.Entry<String, Entry> e : byKey.entrySet()) {
            Entry old = e.getValue();
            if (old.inHttp && !old.deleted && !inStore.contains(e.getKey()))
                e.setValue(new Entry(old.cookie, ++version, true, false));
        }
    }

    /** Puts a browser cookie in the HTTP store; false if it cannot go there. */
    private boolean giveToHttp(Cookie c) {
        if (http == null || c.domain == null) return false;
        String host = c.domain.startsWith(".") ? c.domain.substring(1) : c.domain;
        HttpCookie h = toHttp(c);
        if (c.expires != null && c.expires >= 0)
            h.setMaxAge(Math.max(0, (long) (c.expires - System.currentTimeMillis() / 1000.0)));
        try {
            http.add(URI.create((h.getSecure() ? "https://" : "http://") + host + "/"), h);
            return true;
        } catch (IllegalArgumentException e) {
            return false; // a domain that is no host name: the browser keeps it to itself
        }
    }

    /** The HTTP store's form of a browser cookie, without its expiry (equal to the stored one by name, domain and path). */
    private static HttpCookie toHttp(Cookie c) {
        HttpCookie h = new HttpCookie(c.name, c.value);
        h.setVersion(0);
        String domain = c.domain == null ? "" : c.domain;
        h.setDomain(domain.indexOf('.') < 0 ? domain + ".local" : domain);
        h.setPath(c.path == null ? "/" : c.path);
        h.setSecure(Boolean.TRUE.equals(c.secure));
        h.setHttpOnly(Boolean.TRUE.equals(c.httpOnly));
        return h;
    }

    private static Cookie fromHttp(HttpCookie h) {
        String domain = h.getDomain();
        if (domain != null && domain.endsWith(".local") && domain.indexOf('.') == domain.length() - ".local".length()) {
            domain = domain.substring(0, domain.length() - ".local".length()); // the JDK's dotless host
        }
        Cookie c = new Cookie(h.getName(), h.getValue())
                .setDomain(domain)
                .setPath(h.getPath() == null ? "/" : h.getPath())
                .setSecure(h.getSecure())
                .setHttpOnly(h.isHttpOnly());
        if (h.getMaxAge() >= 0) c.setExpires(System.currentTimeMillis() / 1000.0 + h.getMaxAge());
        return c;
    }

    /** A cookie's identity: name, domain and path. */
    static String key(Cookie c) {
        return c.name + '\u0000' + c.domain + '\u0000' + c.path;
    }

    private static boolean sameCookie(Cookie a, Cookie b) {
        return Objects.equals(a.value, b.value)
                && Objects.equals(a.expires, b.expires)
                && Objects.equals(a.httpOnly, b.httpOnly)
                && Objects.equals(a.secure, b.secure)
                && a.sameSite == b.sameSite;
    }
}
