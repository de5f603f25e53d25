package io.spinneret.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.links.HeadBytes;
import io.spinneret.links.Links;
import io.spinneret.links.PageDirectives;
import io.spinneret.structured.StructuredData;
import io.spinneret.text.Readable;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.Evaluator;
import org.jsoup.select.Selector;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A downloaded (or browser-rendered) page: status, headers, final URL and body, with the body's
 * text and a jsoup document computed lazily on first use.
 *
 * <pre>{@code
 * for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail");
 * String title = page.textOf("div.product_main h1");
 * }</pre>
 *
 * <p>Selector methods take CSS (jsoup syntax); a selector literal that jsoup cannot parse is a
 * compile error. An instance is used by one callback at a time; it is not meant to be shared
 * between threads while its lazy fields are being computed.
 */
public final class Response {
    private static final Logger LOG = LoggerFactory.getLogger(Response.class);
    /** The key an XPath expression is noted under in {@code queried}, apart from CSS selectors. */
    private static final String XPATH_KEY = "\0xpath ";

    private final Request request;
    private final String url;
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;
    private @Nullable Charset charset;
    private @Nullable String text;
    private @Nullable Document document;
    private @Nullable String base;
    /** {@link #baseUrl()} as last parsed for {@link #urlJoin}, and the string it was parsed from. */
    private @Nullable HttpUrl parsedBase;

    private @Nullable String parsedBaseOf;
    private @Nullable MainContent mainContent;
    private @Nullable StructuredData structuredData;
    private @Nullable PageDirectives directives;
    private @Nullable Set<String> robots;
    private int headEnd = -1;
    /** Each selector this page was queried with (XPath ones prefixed), and whether it matched; made on the first query. */
    private @Nullable Map<String, Boolean> queried;

    /**
     * @param request the request that produced this response (after redirects, the last hop)
     * @param url the final URL, after redirects
     * @param headers response headers; looked up case-insensitively
     */
    public Response(Request request, String url, int status, Map<String, List<String>> headers, byte[] body) {
        this.request = request;
        this.url = Urls.withoutFragment(url);
        this.status = status;
        if (headers instanceof SortedMap<String, List<String>> sorted
                && sorted.comparator() == String.CASE_INSENSITIVE_ORDER) {
            this.headers =
                    headers; // already case-insensitive (java.net.http.HttpHeaders.map() is): no copy per response
        } else {
            TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            h.putAll(headers);
            this.headers = h;
        }
        this.body = body;
    }

    public Request request() {
        return request;
    }

    /**
     * The final URL, after redirects, without fragment (a page reached through {@code x.html#intro}
     * is {@code x.html}, so items keyed by URL are the same whichever link came first); relative
     * links resolve against it (or a {@code <base href>}).
     */
    public String url() {
        return url;
    }

    public int status() {
        return status;
    }

    /** How many links away from a start request this page is ({@code request().depth()}). */
    public int depth() {
        return request.depth();
    }

    /**
     * Whether the body is HTML: by its {@code Content-Type} ({@code text/html} or
     * {@code application/xhtml+xml}) when there is one, else by sniffing the start of the body.
     */
    public boolean isHtml() {
        Optional<String> type = header("Content-Type");
        if (type.isEmpty() || type.get().isBlank()) return HtmlSniffer.looksLikeHtml(body);
        String t = type.get();
        return containsIgnoreCase(t, "text/html") || containsIgnoreCase(t, "application/xhtml+xml");
    }

    private static boolean containsIgnoreCase(String s, String lowerCaseNeedle) {
        for (int i = 0, last = s.length() - lowerCaseNeedle.length(); i <= last; i++) {
            if (s.regionMatches(true, i, lowerCaseNeedle, 0, lowerCaseNeedle.length())) return true;
        }
        return false;
    }

    /** All headers, names case-insensitive. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of a header, if present. */
    public Optional<String> header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.get(0));
    }

    /** The raw body. The array is shared: do not modify it. */
    public byte[] body() {
        return body;
    }

    /** The request's meta, carried through to the callback. */
    public Map<String, Object> meta() {
        return request.meta();
    }

    /** The body's charset: from Content-Type, else a BOM, else a {@code <meta>} tag, else UTF-8. */
    public Charset charset() {
        if (charset == null) charset = Charsets.detect(header("Content-Type").orElse(null), body);
        return charset;
    }

    /** The body decoded with {@link #charset()}. */
    public String text() {
        if (text == null) text = Charsets.decode(body, charset());
        return text;
    }

    /** The body parsed as HTML, once. */
    public Document document() {
        if (document == null) {
            if (text != null) {
                document = Jsoup.parse(text, url);
            } else {
                // straight from the bytes: no String of the whole page (nor a UTF-16 detour) on the way
                Charset cs = charset();
                int skip = Charsets.bomLength(body, cs);
                try {
                    document = Jsoup.parse(new ByteArrayInputStream(body, skip, body.length - skip), cs.name(), url);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // cannot happen for an in-memory stream
                }
            }
        }
        return document;
    }

    /**
     * Selectors parsed once per process: jsoup would parse the selector string again on every call,
     * and spiders call the same few literals on every page. Evaluators are thread-safe (their
     * memo state is per thread). Bounded, in case selectors are built at run time.
     */
    private static final ConcurrentHashMap<String, Evaluator> SELECTORS = new ConcurrentHashMap<>();

    static Evaluator evaluator(String css) {
        Evaluator e = SELECTORS.get(css);
        if (e == null) {
            e = Selector.evaluatorOf(css);
            if (SELECTORS.size() < 4096) SELECTORS.putIfAbsent(css, e);
        }
        return e;
    }

    /** Elements matching a CSS selector. */
    public Elements css(String selector) {
        Elements found = document().select(evaluator(selector));
        note(selector, !found.isEmpty());
        return found;
    }

    /** The first element matching a CSS selector. */
    public Optional<Element> cssFirst(String selector) {
        return Optional.ofNullable(first(selector));
    }

    /**
     * Whether a query of this page with the CSS selector {@code selector} ({@code css},
     * {@code cssFirst}, {@code textOf}, {@code attrOf}) found an element; null when it was not
     * queried with it. {@code renderer = auto} judges a page by its callback's selectors with it,
     * without selecting again what the callback selected.
     */
    public @Nullable Boolean matched(String selector) {
        return queried == null ? null : queried.get(selector);
    }

    /** As {@link #matched}, for an XPath expression given to {@code xpath} or {@code xpathTexts}. */
    public @Nullable Boolean matchedXpath(String xpath) {
        return queried == null ? null : queried.get(XPATH_KEY + xpath);
    }

    private void note(String key, boolean matched) {
        if (queried == null) queried = new HashMap<>();
        queried.merge(key, matched, Boolean::logicalOr);
    }

    private @Nullable Element first(String selector) {
        Element e = document().selectFirst(evaluator(selector));
        note(selector, e != null);
        return e;
    }

    /**
     * Elements matching an XPath expression (evaluated by jsoup). For the strings of text nodes or
     * attributes ({@code //title/text()}, {@code //a/@href}) use {@link #xpathTexts}.
     *
     * @throws IllegalArgumentException if the expression ends on text nodes or an attribute, which
     *     are no elements
     */
    public Elements xpath(String xpath) {
        Elements found = XPathSelection.elements(document(), xpath);
        note(XPATH_KEY + xpath, !found.isEmpty());
        return found;
    }

    /**
     * The strings an XPath expression selects: the text of text nodes ({@code //title/text()}), the
     * values of attributes ({@code //a/@href}), else the text of the elements; in page order.
     */
    public List<String> xpathTexts(String xpath) {
        List<String> found = XPathSelection.texts(document(), xpath);
        note(XPATH_KEY + xpath, !found.isEmpty());
        return found;
    }

    /** The whitespace-normalised text of the first match, or {@code ""} when nothing matches. */
    public String textOf(String selector) {
        Element e = first(selector);
        return e == null ? "" : e.text();
    }

    /** An attribute of the first match, or {@code ""}. */
    public String attrOf(String selector, String attribute) {
        Element e = first(selector);
        return e == null ? "" : e.attr(attribute);
    }

    /**
     * The links of this page, to narrow with CSS regions, tags, patterns and a scope, then to
     * follow with {@code crawl.follow(links, "callback")}. Empty when the page is not HTML.
     *
     * <pre>{@code
     * crawl.follow(page.links().css("nav").allowGlob("/docs/**"), "doc");
     * }</pre>
     */
    public Links links() {
        return Links.of(isHtml() ? document() : Document.createShell(url), url, this::urlJoin);
    }

    /** The absolute URL of the page's {@code <link rel="canonical">}, if it is HTML and has one in its head. */
    public Optional<String> canonicalUrl() {
        return isHtml() ? directives().canonical().flatMap(this::urlJoin) : Optional.empty();
    }

    /**
     * The page's robots directives for every crawler, lower case ({@code noindex}, {@code nofollow},
     * ...): from {@code <meta name="robots">} in the head of an HTML page and the {@code X-Robots-Tag}
     * header. Found once; a page whose head's bytes never say "robots" is not parsed for it.
     */
    public Set<String> robots() {
        if (robots == null) {
            PageDirectives head = isHtml() && headMayHold("robots") ? directives() : PageDirectives.NONE;
            robots = head.robots(headers.getOrDefault("X-Robots-Tag", List.of()));
        }
        return robots;
    }

    /**
     * The page's {@code <meta http-equiv="refresh">}, if it is HTML and has one in its head that
     * parses, with the target resolved against the page (the page itself when the tag names none);
     * empty also when the target is not an http(s) URL. A page whose head's bytes never say
     * "refresh" is not parsed for it: this is the one detection of a meta refresh.
     */
    public Optional<PageDirectives.Refresh> metaRefresh() {
        if (!isHtml() || !headMayHold("refresh")) return Optional.empty();
        return directives()
                .refresh()
                .flatMap(r -> (r.target().isEmpty() ? Optional.of(url) : urlJoin(r.target()))
                        .map(t -> new PageDirectives.Refresh(r.delay(), t)));
    }

    /** The directives of the page's head (HTML only), read once. */
    private PageDirectives directives() {
        if (directives == null) directives = PageDirectives.of(document());
        return directives;
    }

    /** Whether the head may hold {@code word}: yes once parsed (reading the head costs little), else a scan of its bytes. */
    private boolean headMayHold(String word) {
        if (document != null) return true;
        if (headEnd < 0) headEnd = HeadBytes.end(body);
        return HeadBytes.mentions(body, headEnd, word);
    }

    /**
     * The page's main content, boilerplate (navigation, headers, footers, sidebars) removed by a
     * readability-style algorithm, with its title, text and Markdown; found once, on first use.
     * Costs a second parse of the page, so a spider that does not call it pays nothing.
     */
    public MainContent mainContent() {
        if (mainContent == null) {
            Readable.Extract e = Readable.of(url, text());
            mainContent = new MainContent(e.title(), e.html(), e.text());
        }
        return mainContent;
    }

    /**
     * The page's structured data: its JSON-LD, microdata and OpenGraph/Twitter card tags, as
     * navigable items (type, properties, nested items); read once, on first use. Empty when the
     * page is not HTML. See docs/content.md.
     *
     * <pre>{@code
     * page.structuredData().first("Product").flatMap(p -> p.text("name"))
     * }</pre>
     */
    public StructuredData structuredData() {
        if (structuredData == null) structuredData = isHtml() ? StructuredData.of(document()) : StructuredData.none();
        return structuredData;
    }

    /** Resolves a link against this page; empty for non-http(s) or malformed links. */
    public Optional<String> urlJoin(String href) {
        String b = baseUrl();
        if (b != parsedBaseOf) { // the same string while the base stays: parsed once, not once a link
            parsedBase = UrlParser.parse(b).orElse(null);
            parsedBaseOf = b;
        }
        return Urls.resolve(parsedBase, href);
    }

    /**
     * Jackson's mapper for {@link #json()}, made when a response is first read as JSON: making one
     * takes about 10 ms of interpreted code (async-profiler), which held up the first response of
     * every crawl while the class initialised, JSON or not.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** The body parsed as JSON. @throws UncheckedIOException if it is not JSON */
    public JsonNode json() {
        try {
            return Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("response from " + url + " is not JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The body read as a sitemap: the pages of a {@code <urlset>}, text sitemap or RSS/Atom feed, or
     * the further sitemaps of a {@code <sitemapindex>} or of a robots.txt's {@code Sitemap:} lines;
     * gzipped or not. See {@link Sitemap}.
     *
     * @throws SpinneretException if the body is not a sitemap (the engine counts a failure of the callback)
     */
    public Sitemap sitemap() {
        return Sitemap.parse(url, header("Content-Type").orElse(null), body);
    }

    /** A request for {@code href} to the {@code parse} callback; see {@link #follow(String, String, int)}. */
    public Optional<Request> follow(String href) {
        return follow(href, Request.DEFAULT_CALLBACK, 0);
    }

    /** A request for {@code href} to {@code callback}; see {@link #follow(String, String, int)}. */
    public Optional<Request> follow(String href, String callback) {
        return follow(href, callback, 0);
    }

    /**
     * A request for a link on this page: resolved against the page, one level deeper, with this
     * page's renderer. Links that are not http(s) (mailto:, javascript:, data:) or are malformed
     * give empty, logged at debug level; this never throws for a bad link. A blank {@code href},
     * which a browser reads as this page itself, gives empty too. A page crawled in a session the
     * spider named ({@link Request#session()}) passes it on: a logged-in crawl stays logged in.
     */
    public Optional<Request> follow(String href, String callback, int priority) {
        Optional<String> target = href.isBlank() ? Optional.empty() : urlJoin(href);
        if (target.isEmpty()) {
            LOG.debug("skipping link {} on {}: not an http(s) URL", href, url);
            return Optional.empty();
        }
        return Optional.of(Request.builder(target.get())
                .callback(callback)
                .priority(priority)
                .renderer(request.renderer())
                .depth(request.depth() + 1)
                .meta(Request.META_SESSION, request.session())
                .build());
    }

    /** Follows an element's {@code href} (or {@code src}) attribute. */
    public Optional<Request> follow(Element link, String callback, int priority) {
        String href = link.hasAttr("href") ? link.attr("href") : link.attr("src");
        return follow(href, callback, priority);
    }

    private String baseUrl() {
        if (base != null) return base;
        if (document == null && text == null) return url;
        // Looked up once per page: a listing page follows dozens of links.
        Element b = document().selectFirst(evaluator("base[href]")); // a string would be parsed again on every page
        String abs = b == null ? "" : b.absUrl("href");
        base = abs.isEmpty() ? url : abs;
        return base;
    }

    @Override
    public String toString() {
        return status + " " + url + " (" + body.length + " bytes"
                + (headers.containsKey("content-type")
                        ? ", " + header("content-type").orElse("").toLowerCase(Locale.ROOT)
                        : "")
                + ")";
    }
}
