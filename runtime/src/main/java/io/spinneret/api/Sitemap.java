package io.spinneret.api;

import crawlercommons.robots.SimpleRobotRulesParser;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import io.spinneret.url.AbsoluteUrl;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.WireUri;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.jspecify.annotations.Nullable;

/**
 * What a sitemap lists (see {@link Response#sitemap()}): the pages of a {@code <urlset>}, a text
 * sitemap or an RSS/Atom feed, or the further sitemaps of a {@code <sitemapindex>} or of the
 * {@code Sitemap:} lines of a robots.txt. Parsed by crawler-commons, leniently: a URL need not sit
 * under the sitemap's own directory, and what parses of a partly broken file is kept.
 *
 * <pre>{@code
 * void parse(Response page, Crawl crawl) {     // the @Parse callback; start URL https://example.com/robots.txt
 *     Sitemap map = page.sitemap();
 *     for (String s : map.sitemapUrls()) crawl.follow(s);     // back to parse: an index, a .xml.gz, ...
 *     for (String p : map.pageUrls()) crawl.follow(p, "product");
 * }
 * }</pre>
 *
 * @param pages the pages listed, in document order
 * @param sitemaps the sitemaps listed, to be fetched and read in turn
 */
public record Sitemap(List<Entry> pages, List<Entry> sitemaps) {
    /** The sitemaps protocol's limit on a sitemap's size, uncompressed: a gzipped one may not inflate past it. */
    public static final int MAX_BYTES = 50 * 1024 * 1024;

    /** One URL a sitemap lists, with its {@code <lastmod>} if it has one. */
    public record Entry(String url, @Nullable Instant lastModified) {}

    public Sitemap {
        pages = List.copyOf(pages);
        sitemaps = List.copyOf(sitemaps);
    }

    /** The pages' URLs. */
    public List<String> pageUrls() {
        return pages.stream().map(Entry::url).toList();
    }

    /** The further sitemaps' URLs. */
    public List<String> sitemapUrls() {
        return sitemaps.stream().map(Entry::url).toList();
    }

    /**
     * Reads {@code body}, fetched from {@code url}, as a sitemap: robots.txt (by its path), else
     * XML, text, RSS or Atom (by content), gzipped or not (by the gzip magic bytes).
     *
     * @throws SpinneretException if it is none of these, or inflates past {@link #MAX_BYTES}
     */
    static Sitemap parse(String url, @Nullable String contentType, byte[] body) {
        HttpUrl source;
        URL location;
        try {
            source = AbsoluteUrl.parse(url);
            location = WireUri.of(source.hrefWithoutFragment()).toURL();
        } catch (IllegalArgumentException | IOException e) {
            throw new SpinneretException("cannot read a sitemap from " + url + ": " + e.getMessage());
        }
        if (source.pathname().equalsIgnoreCase("/robots.txt")) {
            List<Entry> listed = new ArrayList<>();
            for (String s : new SimpleRobotRulesParser()
                    .parseContent(url, body, contentType == null ? "text/plain" : contentType, List.of("spinneret"))
                    .getSitemaps()) {
                listed.add(new Entry(s, null));
            }
            return new Sitemap(List.of(), listed);
        }
        byte[] content = isGzip(body) ? gunzip(url, body) : body;
        AbstractSiteMap parsed;
        try {
            parsed = new SiteMapParser(false, true).parseSiteMap(content, location);
        } catch (UnknownFormatException | IOException | RuntimeException e) {
            throw new SpinneretException("not a sitemap: " + url + " (" + e.getMessage() + ")", e);
        }
        List<Entry> pages = new ArrayList<>();
        List<Entry> sitemaps = new ArrayList<>();
        if (parsed instanceof SiteMapIndex index) {
            for (AbstractSiteMap s : index.getSitemaps())
                sitemaps.add(new Entry(s.getUrl().toString(), instant(s.getLastModified())));
        } else if (parsed instanceof SiteMap map) {
            for (SiteMapURL u : map.getSiteMapUrls())
                pages.add(new Entry(u.getUrl().toString(), instant(u.getLastModified())));
        }
        return new Sitemap(pages, sitemaps);
    }

    private static @Nullable Instant instant(@Nullable Date d) {
        return d == null ? null : d.toInstant();
    }

    private static boolean isGzip(byte[] body) {
        return body.length >= 2 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b;
    }

    /** Inflates a gzipped sitemap ({@code .xml.gz} files usually come without Content-Encoding), at most {@link #MAX_BYTES}. */
    private static byte[] gunzip(String url, byte[] body) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(MAX_BYTES, body.length * 8L));
            byte[] buf = new byte[16 * 1024];
            for (int n; (n = in.read(buf)) > 0; ) {
                if (out.size() + n > MAX_BYTES) {
                    throw new SpinneretException(
                            "sitemap " + url + " inflates past " + MAX_BYTES + " bytes, the sitemaps protocol's limit");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new SpinneretException("not a sitemap: " + url + " (malformed gzip: " + e.getMessage() + ")", e);
        }
    }
}
