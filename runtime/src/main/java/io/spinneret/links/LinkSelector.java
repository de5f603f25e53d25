package io.spinneret.links;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Glob;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;

/**
 * Which links of a page to take: the {@code attrs} of the {@code tags} inside the {@code css}
 * regions, resolved against the page, without fragment, http(s) only, accepted by the allow
 * patterns (all when there are none), refused by no deny pattern, within the scope; each once, in
 * page order. Immutable and thread-safe: every method returns a new selector. The same rules as
 * {@link Follow}, whose attributes have the same names and defaults.
 *
 * <pre>{@code
 * LinkSelector docs = LinkSelector.DEFAULT.css("nav.toc").allowGlob("/docs/**").deny("\\.pdf$");
 * }</pre>
 *
 * @throws java.util.regex.PatternSyntaxException from {@link #allow}/{@link #deny} for a bad regex
 * @throws IllegalArgumentException from {@link #allowGlob}/{@link #denyGlob} for a bad glob
 * @throws org.jsoup.select.Selector.SelectorParseException from {@link #css} for a selector jsoup cannot parse
 */
public final class LinkSelector {
    /** {@code a} and {@code area} {@code href}s anywhere on the page, same host, no pattern. */
    public static final LinkSelector DEFAULT = new LinkSelector(
            List.of(), List.of("a", "area"), List.of("href"), List.of(), List.of(), Follow.Scope.SAME_HOST, false);

    private final List<String> css;
    private final List<String> tags;
    private final List<String> attrs;
    private final List<UrlPattern> allow;
    private final List<UrlPattern> deny;
    private final Follow.Scope scope;
    private final boolean skipNofollow;
    private final Evaluator tagEvaluator;
    private final List<Evaluator> regions;

    private LinkSelector(
            List<String> css,
            List<String> tags,
            List<String> attrs,
            List<UrlPattern> allow,
            List<UrlPattern> deny,
            Follow.Scope scope,
            boolean skipNofollow) {
        this.css = css;
        this.tags = tags;
        this.attrs = attrs;
        this.allow = allow;
        this.deny = deny;
        this.scope = scope;
        this.skipNofollow = skipNofollow;
        this.tagEvaluator = tags.isEmpty() ? new Evaluator.AllElements() : QueryParser.parse(String.join(", ", tags));
        this.regions = css.stream().map(QueryParser::parse).toList();
    }

    /** Look for links only inside the elements these CSS selectors match (added to earlier regions). */
    public LinkSelector css(String... selectors) {
        return new LinkSelector(concat(css, selectors), tags, attrs, allow, deny, scope, skipNofollow);
    }

    /** The tags whose attributes hold links, replacing {@code a, area}. */
    public LinkSelector tags(String... names) {
        return new LinkSelector(css, List.of(names), attrs, allow, deny, scope, skipNofollow);
    }

    /** The attributes that hold links, replacing {@code href}. */
    public LinkSelector attrs(String... names) {
        return new LinkSelector(css, tags, List.of(names), allow, deny, scope, skipNofollow);
    }

    /** Keep URLs in which one of these regular expressions is found (added to earlier allow patterns). */
    public LinkSelector allow(String... regexes) {
        return new LinkSelector(
                css, tags, attrs, concat(allow, UrlPattern.regexes(regexes)), deny, scope, skipNofollow);
    }

    /** Drop URLs in which one of these regular expressions is found. */
    public LinkSelector deny(String... regexes) {
        return new LinkSelector(
                css, tags, attrs, allow, concat(deny, UrlPattern.regexes(regexes)), scope, skipNofollow);
    }

    /** Keep URLs that one of these globs matches (see {@link Glob}). */
    public LinkSelector allowGlob(String... globs) {
        return new LinkSelector(css, tags, attrs, concat(allow, UrlPattern.globs(globs)), deny, scope, skipNofollow);
    }

    /** Drop URLs that one of these globs matches. */
    public LinkSelector denyGlob(String... globs) {
        return new LinkSelector(css, tags, attrs, allow, concat(deny, UrlPattern.globs(globs)), scope, skipNofollow);
    }

    /** Where links may lead, relative to the page; {@link Follow.Scope#SAME_HOST} unless set. */
    public LinkSelector scope(Follow.Scope s) {
        return new LinkSelector(css, tags, attrs, allow, deny, s, skipNofollow);
    }

    /** Whether to skip links marked {@code rel="nofollow"}. */
    public LinkSelector skipNofollow(boolean skip) {
        return new LinkSelector(css, tags, attrs, allow, deny, scope, skip);
    }

    public Follow.Scope scope() {
        return scope;
    }

    /**
     * The selected links of {@code document}, absolute, each once, in page order.
     *
     * @param pageUrl the page's URL, which the scope is relative to
     * @param resolve resolves an attribute's value against the page (and its {@code <base href>}):
     *     empty for what is not an http(s) URL
     */
    public List<String> select(Document document, String pageUrl, Function<String, Optional<String>> resolve) {
        HttpUrl page = UrlParser.parse(pageUrl).orElse(null);
        if (page == null) return List.of();
        Set<String> out = new LinkedHashSet<>();
        List<Element> roots = regions.isEmpty() ? List.of(document) : regions(document);
        for (Element root : roots) {
            for (Element e : root.select(tagEvaluator)) {
                if (skipNofollow && isNofollow(e)) continue;
                for (String attr : attrs) {
                    if (!e.hasAttr(attr)) continue;
                    resolve.apply(e.attr(attr))
                            .map(LinkSelector::withoutFragment)
                            .filter(url -> !out.contains(url) && accepts(page, url))
                            .ifPresent(out::add);
                }
            }
        }
        return List.copyOf(out);
    }

    private List<Element> regions(Document document) {
        // one region may hold another: an element is looked at once
        Set<Element> seen = new LinkedHashSet<>();
        for (Evaluator r : regions) {
            for (Element e : document.select(r)) {
                if (e.parents().stream().noneMatch(seen::contains)) seen.add(e);
            }
        }
        return new ArrayList<>(seen);
    }

    private boolean accepts(HttpUrl page, String url) {
        HttpUrl link = UrlParser.parse(url).orElse(null);
        if (link == null || !LinkScope.allows(scope, page, link)) return false;
        for (UrlPattern p : deny) if (p.matches(url, link)) return false;
        if (allow.isEmpty()) return true;
        for (UrlPattern p : allow) if (p.matches(url, link)) return true;
        return false;
    }

    private static boolean isNofollow(Element e) {
        String rel = e.attr("rel");
        return !rel.isEmpty()
                && Arrays.asList(rel.toLowerCase(Locale.ROOT).split("\\s+")).contains("nofollow");
    }

    static String withoutFragment(String url) {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    @SafeVarargs
    private static <T> List<T> concat(List<T> a, T... b) {
        return concat(a, List.of(b));
    }

    @Override
    public String toString() {
        return "LinkSelector{css=" + css + ", tags=" + tags + ", attrs=" + attrs + ", allow=" + allow + ", deny=" + deny
                + ", scope=" + scope + (skipNofollow ? ", skipNofollow" : "") + "}";
    }

    /** A compiled allow or deny pattern. */
    private record UrlPattern(String source, Pattern pattern, boolean glob, boolean pathOnly) {
        static List<UrlPattern> regexes(String... regexes) {
            return Arrays.stream(regexes)
                    .map(r -> new UrlPattern(r, Pattern.compile(r), false, false))
                    .toList();
        }

        static List<UrlPattern> globs(String... globs) {
            return Arrays.stream(globs)
                    .map(g -> new UrlPattern(g, Glob.compile(g), true, g.startsWith("/")))
                    .toList();
        }

        boolean matches(String url, HttpUrl link) {
            if (!glob) return pattern.matcher(url).find();
            if (!pathOnly) return pattern.matcher(url).matches();
            return pattern.matcher(link.pathAndQuery()).matches();
        }

        @Override
        public String toString() {
            return (glob ? "glob:" : "regex:") + source;
        }
    }
}
