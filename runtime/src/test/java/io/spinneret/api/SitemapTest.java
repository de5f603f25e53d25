package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class SitemapTest {
    private static final String URLSET = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.com/b/2</loc><lastmod>2026-11-30T10:00:00Z</lastmod></url>
              <url><loc>https://example.com/b/1</loc></url>
              <url><loc>https://elsewhere.example.org/c/3</loc></url>
            </urlset>
            """;

    private static Response response(String url, String contentType, byte[] body) {
        return new Response(Request.of(url), url, 200, Map.of("Content-Type", List.of(contentType)), body);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] raw) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(raw);
        }
        return b.toByteArray();
    }

    @Test
    void aUrlsetListsItsPagesInOrderWithTheirLastModification() {
        Sitemap map = response("https://example.com/sitemaps/books.xml", "application/xml", utf8(URLSET))
                .sitemap();
        assertEquals(
                List.of("https://example.com/b/2", "https://example.com/b/1", "https://elsewhere.example.org/c/3"),
                map.pageUrls(),
                "in document order, and a URL outside the sitemap's directory is kept");
        assertEquals(Instant.parse("2026-11-30T10:00:00Z"), map.pages().get(0).lastModified());
        assertNull(map.pages().get(1).lastModified());
        assertEquals(List.of(), map.sitemaps());
    }

    @Test
    void anIndexListsFurtherSitemaps() {
        String index = """
                <?xml version="1.0" encoding="UTF-8"?>
                <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <sitemap><loc>https://example.com/sitemap-books.xml.gz</loc><lastmod>2026-11-01</lastmod></sitemap>
                  <sitemap><loc>https://example.com/sitemap-authors.xml</loc></sitemap>
                </sitemapindex>
                """;
        Sitemap map = response("https://example.com/sitemap.xml", "text/xml", utf8(index))
                .sitemap();
        assertEquals(
                List.of("https://example.com/sitemap-books.xml.gz", "https://example.com/sitemap-authors.xml"),
                map.sitemapUrls());
        assertEquals(
                Instant.parse("2026-11-01T00:00:00Z"), map.sitemaps().get(0).lastModified());
        assertEquals(List.of(), map.pages());
    }

    @Test
    void aGzippedSitemapIsReadWhateverItsContentType() throws IOException {
        Sitemap map = response(
                        "https://example.com/sitemap-books.xml.gz", "application/octet-stream", gzip(utf8(URLSET)))
                .sitemap();
        assertEquals(3, map.pages().size());
    }

    @Test
    void aTextSitemapListsOneUrlPerLine() {
        Sitemap map = response(
                        "https://example.com/sitemap.txt",
                        "text/plain",
                        utf8("https://example.com/a\nhttps://example.com/b\n"))
                .sitemap();
        assertEquals(List.of("https://example.com/a", "https://example.com/b"), map.pageUrls());
    }

    @Test
    void robotsTxtListsItsSitemapLines() {
        String robots =
                "User-agent: *\nDisallow: /private\nSitemap: https://example.com/sitemap.xml\nsitemap: https://example.com/news.xml\n";
        Sitemap map = response("https://example.com/robots.txt", "text/plain", utf8(robots))
                .sitemap();
        assertEquals(List.of("https://example.com/sitemap.xml", "https://example.com/news.xml"), map.sitemapUrls());
        assertEquals(List.of(), map.pages());
    }

    @Test
    void somethingElseIsNotASitemapAndSaysWhere() {
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> response("https://example.com/page.html", "text/html", utf8("<html><body>hello</body></html>"))
                        .sitemap());
        assertTrue(e.getMessage().startsWith("not a sitemap: https://example.com/page.html ("), e.getMessage());
        e = assertThrows(
                SpinneretException.class,
                () -> response("https://example.com/s.xml.gz", "application/gzip", new byte[] {
                            0x1f, (byte) 0x8b, 8, 0, 1, 2
                        })
                        .sitemap());
        assertTrue(
                e.getMessage().startsWith("not a sitemap: https://example.com/s.xml.gz (malformed gzip"),
                e.getMessage());
    }

    @Test
    void aGzipThatInflatesPastTheProtocolsLimitIsRefused() throws IOException {
        byte[] bomb = gzip(new byte[Sitemap.MAX_BYTES + 1]); // about 50 KiB on the wire
        assertTrue(bomb.length < 100_000);
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> response("https://example.com/big.xml.gz", "application/gzip", bomb)
                        .sitemap());
        assertEquals(
                "sitemap https://example.com/big.xml.gz inflates past 52428800 bytes, the sitemaps protocol's limit",
                e.getMessage());
    }
}
