package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.options.Cookie;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrowserCookiesTest {
    /** The HTTP downloader's cookie store, shared with the browser's jar (a new pair per test). */
    private final CookieManager http = new CookieManager(null, CookiePolicy.ACCEPT_ORIGINAL_SERVER);

    private final BrowserCookies jar = new BrowserCookies(http.getCookieStore());
    private final URI site = URI.create("http://127.0.0.1:8080/");

    private static Cookie cookie(String name, String value, String domain) {
        return new Cookie(name, value).setDomain(domain).setPath("/");
    }

    /** The newest version: taking from 0 returns it along with everything. */
    private static long version(BrowserCookies jar) {
        return jar.since(0).version();
    }

    /** What a context holds after taking {@code cookies}. */
    private static Map<String, Cookie> held(List<Cookie> cookies) {
        Map<String, Cookie> m = new HashMap<>();
        for (Cookie c : cookies) m.put(BrowserCookies.key(c), c);
        return m;
    }

    private static List<String> names(List<Cookie> cookies) {
        return cookies.stream()
                .map(c -> c.name + "=" + c.value + "@" + c.domain)
                .toList();
    }

    @Test
    void cookiesSetOverHttpReachTheBrowserAndTheBrowsersReachHttp() throws Exception {
        http.put(URI.create("http://127.0.0.1:8080/login"), Map.of("Set-Cookie", List.of("session=s1; Path=/")));
        http.put(URI.create("http://localhost:8080/login"), Map.of("Set-Cookie", List.of("dev=d1; Path=/")));
        assertEquals(
                List.of("session=s1@127.0.0.1", "dev=d1@localhost"),
                names(jar.since(0).cookies()),
                "the JDK keeps localhost's host-only cookie as localhost.local; the browser gets it for localhost");
        long seen = version(jar);

        jar.update(List.of(cookie("token", "t2", "127.0.0.1"), cookie("pref", "p", "localhost")), Map.of(), seen);
        assertEquals(
                List.of("session=s1", "token=t2"),
                http.get(URI.create("http://127.0.0.1:8080/page"), Map.of()).get("Cookie"));
        assertEquals(
                List.of("dev=d1", "pref=p"),
                http.get(URI.create("http://localhost:8080/page"), Map.of()).get("Cookie"));
        assertEquals(
                List.of(),
                names(jar.since(version(jar)).cookies()),
                "taking the browser's own cookies back changes nothing");

        http.put(URI.create("http://127.0.0.1:8080/login"), Map.of("Set-Cookie", List.of("session=s2; Path=/")));
        assertEquals(
                List.of("session=s2@127.0.0.1"),
                names(jar.since(seen + 2).cookies()),
                "a new value over HTTP reaches the browser");
    }

    @Test
    void aSlotTakesWhatOthersChangedAndNotItsOwnCookiesBack() {
        BrowserCookies slots = new BrowserCookies(null);
        long first = slots.update(List.of(cookie("session", "s1", "a.example")), Map.of(), 0);
        assertEquals(version(slots), first, "the first slot was up to date, and its own cookie needs no taking back");
        assertEquals(
                List.of("session=s1@a.example"), names(slots.since(0).cookies()), "a new context takes everything");

        long second = slots.update(
                List.of(cookie("session", "s1", "a.example"), cookie("theme", "dark", "a.example")), Map.of(), 0);
        assertEquals(0, second, "the second slot had not taken the first one's cookie yet");
        assertEquals(
                List.of("theme=dark@a.example"),
                names(slots.since(first).cookies()),
                "an unchanged cookie keeps its version");

        slots.update(
                List.of(cookie("session", "s2", "a.example"), cookie("session", "x", "b.example")),
                Map.of(),
                version(slots));
        assertEquals(
                List.of("session=s2@a.example", "session=x@b.example"),
                names(slots.since(first + 1).cookies()),
                "a new value replaces the old one; another domain is another cookie");
    }

    @Test
    void aCookieThatLeavesOneSlotLeavesTheOthersAndTheHttpStore() throws Exception {
        http.put(site.resolve("/login"), Map.of("Set-Cookie", List.of("session=s1; Path=/", "theme=dark; Path=/")));
        BrowserCookies.Taken a = jar.since(0); // slot A's context takes both
        Cookie session = a.cookies().get(0);

        // A renders a logout page: its context holds theme alone afterwards
        long seenA = jar.update(List.of(a.cookies().get(1)), held(a.cookies()), a.version());
        assertEquals(List.of("theme=dark"), http.get(site, Map.of()).get("Cookie"), "gone from the HTTP store");
        BrowserCookies.Taken b = jar.since(a.version()); // slot B, which had taken both before
        assertEquals(List.of("session=s1@127.0.0.1"), names(b.removed()), "B clears it");
        assertEquals(List.of(), names(b.cookies()));
        assertEquals(List.of("theme=dark@127.0.0.1"), names(jar.since(0).cookies()), "a new context never gets it");
        assertEquals(List.of(), names(jar.since(seenA).removed()), "A does not take its own deletion back");

        http.put(site.resolve("/login"), Map.of("Set-Cookie", List.of("session=s2; Path=/")));
        assertEquals(
                List.of("session=s2@127.0.0.1"), names(jar.since(b.version()).cookies()), "set again over HTTP: back");
    }

    @Test
    void aCookieDeletedOverHttpIsClearedInTheBrowser() throws Exception {
        http.put(site.resolve("/login"), Map.of("Set-Cookie", List.of("session=s1; Path=/")));
        long seen = jar.since(0).version();
        http.put(site.resolve("/logout"), Map.of("Set-Cookie", List.of("session=; Path=/; Max-Age=0")));
        BrowserCookies.Taken t = jar.since(seen);
        assertEquals(List.of("session=s1@127.0.0.1"), names(t.removed()));
        assertEquals(List.of(), names(jar.since(t.version()).removed()), "one removal, not one per look");
    }

    @Test
    void aDeletionDoesNotUndoANewerValueFromAnotherSlot() {
        BrowserCookies slots = new BrowserCookies(null);
        long a = slots.update(List.of(cookie("session", "s1", "a.example")), Map.of(), 0);
        slots.update(List.of(cookie("session", "s2", "a.example")), Map.of(), a); // slot B logs in again meanwhile
        slots.update(List.of(), held(List.of(cookie("session", "s1", "a.example"))), a); // A's render had dropped s1
        assertEquals(List.of("session=s2@a.example"), names(slots.since(0).cookies()));
        assertEquals(List.of(), names(slots.since(0).removed()));
    }

    @Test
    void aCookieTheRenderLeftAsItWasDoesNotUndoANewerValueOrADeletion() throws Exception {
        http.put(site.resolve("/login"), Map.of("Set-Cookie", List.of("session=s1; Path=/", "token=t1; Path=/")));
        BrowserCookies.Taken a = jar.since(0); // slot A's context holds both, then renders a page that sets nothing
        http.put(
                site.resolve("/refresh"),
                Map.of("Set-Cookie", List.of("session=s2; Path=/", "token=; Path=/; Max-Age=0")));
        jar.since(a.version()); // another slot looks: the jar takes in the HTTP store's changes meanwhile

        jar.update(a.cookies(), held(a.cookies()), a.version());
        assertEquals(
                List.of("session=s2"), http.get(site, Map.of()).get("Cookie"), "the newer login and the logout stand");
        BrowserCookies.Taken next = jar.since(a.version());
        assertEquals(
                List.of("session=s2@127.0.0.1"), names(next.cookies()), "A takes the new value before its next render");
        assertEquals(List.of("token=t1@127.0.0.1"), names(next.removed()), "and clears the deleted cookie");
    }
}
