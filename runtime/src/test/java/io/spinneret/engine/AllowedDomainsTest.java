package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Setting;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.spi.Stats;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllowedDomainsTest {
    @TempDir
    Path dir;

    @Test
    void aDomainAllowsItselfAndItsSubdomainsOnAnyPort() {
        AllowedDomains a = AllowedDomains.of(List.of("Example.com", "127.0.0.1", "[::1]"));
        assertTrue(a.allows("https://example.com/x"));
        assertTrue(a.allows("http://www.EXAMPLE.com:8080/x?y"));
        assertTrue(a.allows("http://a.b.example.com/"));
        assertTrue(a.allows("http://127.0.0.1:9999/"));
        assertFalse(a.allows("https://badexample.com/"), "a suffix is not a subdomain");
        assertFalse(a.allows("https://example.com.evil.org/"));
        assertFalse(a.allows("http://localhost/"));
        assertTrue(a.allows("http://[::1]:8080/x"), "an IPv6 host, written as in URLs");
        assertNull(AllowedDomains.of(List.of()), "no list: every host");
    }

    @Test
    void hostPortAllowsThatPortOnlyAndAnAddressAllowsItselfOnly() {
        AllowedDomains a =
                AllowedDomains.of(List.of("127.0.0.1:8091", "example.com:443", "[::1]:8080", "fe80::1", "10.0.0.1"));
        assertTrue(a.allows("http://127.0.0.1:8091/docs/"));
        assertFalse(a.allows("http://127.0.0.1:8092/docs/"), "another port");
        assertFalse(a.allows("http://127.0.0.1/"), "port 80");
        assertTrue(a.allows("https://www.example.com/"), "443 is https's default");
        assertFalse(a.allows("http://www.example.com/"), "port 80");
        assertTrue(a.allows("http://[::1]:8080/"));
        assertFalse(a.allows("http://[::1]:8081/"));
        assertTrue(a.allows("http://[fe80::1]:9/"), "a bare IPv6 literal, any port");
        assertTrue(a.allows("http://10.0.0.1:1/"));
        assertFalse(a.allows("http://1.10.0.0.1/"), "an address has no subdomains");
    }

    @Test
    void theSettingAcceptsHostPortAddressesAndIpv6Literals() {
        for (String ok : List.of(
                "127.0.0.1:8091", "example.com:8080", "[::1]", "[::1]:8080", "::1", "fe80::1:2", "192.168.0.1")) {
            assertEquals(Optional.empty(), Setting.ALLOWED_DOMAINS.check(ok), ok);
        }
        for (String bad : List.of("https://example.org/", "example.com/x", "host:port", "a b")) {
            assertTrue(Setting.ALLOWED_DOMAINS.check(bad).isPresent(), bad);
        }
    }

    /** A listing page whose links lead to this host, to another name of it (localhost), and to a redirect there. */
    private static TestSite mixed() throws Exception {
        TestSite site = TestSite.books(1);
        String other = site.url("/").replace("127.0.0.1", "localhost");
        site.route(
                "/mixed",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><body>"
                                + "<article class=\"product_pod\"><h3><a href=\"/book/0\">on site</a></h3></article>"
                                + "<article class=\"product_pod\"><h3><a href=\"" + other
                                + "book/1\">elsewhere</a></h3></article>"
                                + "<article class=\"product_pod\"><h3><a href=\"/redirect\">on site, then elsewhere</a></h3></article>"
                                + "</body></html>"));
        site.route("/redirect", ex -> {
            ex.getResponseHeaders().set("Location", other + "book/2");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        return site;
    }

    private CrawlResult crawl(String start, String... settings) throws Exception {
        return Crawler.builder(new BooksFixture(start))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    @Test
    void linksAndRedirectsOutsideTheAllowedDomainsAreDroppedAndCounted() throws Exception {
        try (TestSite site = mixed()) {
            CrawlResult open = crawl(site.url("/mixed"));
            assertEquals(5, open.requests(), "without the setting every link is followed: " + open.stats());
            assertEquals(3, open.items());

            CrawlResult kept = crawl(site.url("/mixed"), "allowed_domains=127.0.0.1");
            assertEquals(3, kept.requests(), "/mixed, /book/0 and /redirect: " + kept.stats());
            assertEquals(1, kept.items());
            assertEquals(0, kept.failures());
            assertEquals(Map.of("offsite", 2L), kept.dropped(), "the link and the redirect to localhost");
            assertTrue(kept.summaryLine().contains("| 2 dropped (offsite: 2) |"), kept.summaryLine());
        }
    }

    @Test
    void aStartUrlOutsideThemIsStillCrawled() throws Exception {
        try (TestSite site = mixed()) {
            CrawlResult r = crawl(site.url("/mixed").replace("127.0.0.1", "localhost"), "allowed_domains=127.0.0.1");
            // the start page is fetched (with a warning); its three links all lead to localhost, relative ones included
            assertEquals(1, r.requests(), r.stats().toString());
            assertEquals(3, r.get(Stats.DROPPED + "offsite"));
        }
    }
}
