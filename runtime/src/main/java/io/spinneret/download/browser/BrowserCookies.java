package io.spinneret.download.browser;

import com.microsoft.playwright.options.Cookie;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cookie jar the render pool's slots share, as the tabs of one browser do: each slot renders in
 * a browser context of its own (one Playwright connection per thread), so without it a login
 * rendered in one slot would not hold for the pages the others render. After each render a slot
 * hands over its context's cookies ({@link #update}); before the next it takes the ones that
 * changed since it last looked ({@link #since}). A cookie is known by its name, domain and path;
 * the last value seen wins. Thread-safe.
 */
final class BrowserCookies {
    private record Entry(Cookie cookie, long version) {}

    private final Map<String, Entry> byKey = new LinkedHashMap<>();
    private long version;

    /** The version of the newest cookie: pass it to {@link #since} next time. */
    synchronized long version() {
        return version;
    }

    /** The cookies that changed after {@code version} (all of them for 0). */
    synchronized List<Cookie> since(long version) {
        List<Cookie> out = new ArrayList<>();
        for (Entry e : byKey.values()) if (e.version > version) out.add(e.cookie);
        return out;
    }

    /**
     * Takes the cookies a context holds now; new and changed ones get a new version.
     *
     * @param seen the version the slot had taken before its render
     * @return the version the slot has now: the newest if nothing else changed since {@code seen}
     *     (the new versions are its own cookies), else {@code seen}
     */
    synchronized long update(List<Cookie> current, long seen) {
        boolean upToDate = seen == version;
        for (Cookie c : current) {
            String key = c.name + '\u0000' + c.domain + '\u0000' + c.path;
            Entry old = byKey.get(key);
            if (old == null || !sameCookie(old.cookie, c)) byKey.put(key, new Entry(c, ++version));
        }
        return upToDate ? version : seen;
    }

    private static boolean sameCookie(Cookie a, Cookie b) {
        return Objects.equals(a.value, b.value) && Objects.equals(a.expires, b.expires) && Objects.equals(a.httpOnly, b.httpOnly)
                && Objects.equals(a.secure, b.secure) && a.sameSite == b.sameSite;
    }
}
