package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.HttpCookie;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CookieJarTest {
    private static List<String> cookiesFor(CookieJar jar, String url) throws Exception {
        return jar.get(URI.create(url), Map.of()).getOrDefault("Cookie", List.of());
    }

    @Test
    void aDomainWithoutItsLeadingDotCountsForTheDomainAndItsSubdomainsAsInBrowsers() throws Exception {
        CookieJar jar = new CookieJar();
        jar.put(
                URI.create("http://www.example.com/login"),
                Map.of(
                        "Set-Cookie",
                        List.of(
                                "sid=1; Domain=example.com; Path=/",
                                "pref=2; path=/; domain=.example.com",
                                "host=3; Path=/")));
        assertEquals(
                List.of("host=3", "pref=2", "sid=1"),
                cookiesFor(jar, "http://www.example.com/a").stream().sorted().toList());
        assertEquals(
                List.of("pref=2", "sid=1"),
                cookiesFor(jar, "http://shop.example.com/a").stream().sorted().toList(),
                "a host-only cookie stays on its host");
        assertEquals(
                List.of("pref=2", "sid=1"),
                cookiesFor(jar, "http://example.com/a").stream().sorted().toList());
        assertEquals(List.of(), cookiesFor(jar, "http://other.com/a"));
    }

    /** An empty jar answers at once; a cookie put straight into its store (a session's, a browser's) is still sent. */
    @Test
    void aCookieAddedToTheStoreDirectlyIsSentAsOneFromAResponse() throws Exception {
        CookieJar jar = new CookieJar();
        assertEquals(List.of(), cookiesFor(jar, "http://www.example.com/a"));
        HttpCookie saved = new HttpCookie("session", "abc");
        saved.setPath("/");
        saved.setVersion(0);
        jar.getCookieStore().add(URI.create("http://www.example.com/"), saved);
        assertEquals(List.of("session=abc"), cookiesFor(jar, "http://www.example.com/a"));
        assertEquals(List.of(), cookiesFor(jar, "http://other.com/a"));
    }

    @Test
    void onlyTheDomainAttributeIsTouched() {
        assertEquals("a=b; Domain=.example.com", CookieJar.withLeadingDot("a=b; Domain=example.com"));
        assertEquals(
                "a=b; domain = .example.com; Path=/", CookieJar.withLeadingDot("a=b; domain = example.com; Path=/"));
        assertEquals("a=b; Domain=.example.com", CookieJar.withLeadingDot("a=b; Domain=.example.com"));
        assertEquals("a=domain=x; Path=/", CookieJar.withLeadingDot("a=domain=x; Path=/"));
    }
}
