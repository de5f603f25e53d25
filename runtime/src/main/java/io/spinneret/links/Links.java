package io.spinneret.links;

import io.spinneret.annotations.Follow;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jsoup.nodes.Document;

/**
 * The links of one page, narrowed step by step: what {@code Response.links()} returns. Each
 * method returns a new {@code Links}; {@link #urls()} gives the result, and
 * {@code crawl.follow(links, "callback")} follows it.
 *
 * <pre>{@code
 * crawl.follow(page.links().css("nav.toc").allowGlob("/library/**").deny("\\.txt$"), "parse");
 * for (String url : page.links().scope(Follow.Scope.ALL).urls()) ...
 * }</pre>
 *
 * <p>String literals given to {@link #css}, {@link #allow}, {@link #deny}, {@link #allowGlob} and
 * {@link #denyGlob} are checked by the annotation processor. Defaults: {@code a} and {@code area}
 * {@code href}s of the whole page, on the same host, {@code rel="nofollow"} links included. A page
 * that is not HTML has no links.
 */
public final class Links {
    private final Document document;
    private final String pageUrl;
    private final Function<String, Optional<String>> resolve;
    private final LinkSelector selector;

    private Links(
            Document document, String pageUrl, Function<String, Optional<String>> resolve, LinkSelector selector) {
        this.document = document;
        this.pageUrl = pageUrl;
        this.resolve = resolve;
        this.selector = selector;
    }

    /**
     * The links of a page with the {@link LinkSelector#DEFAULT} selector.
     *
     * @param resolve resolves an attribute's value against the page; empty for what is not http(s)
     */
    public static Links of(Document document, String pageUrl, Function<String, Optional<String>> resolve) {
        return new Links(document, pageUrl, resolve, LinkSelector.DEFAULT);
    }

    /** These links narrowed by {@code s} instead of the selector built so far. */
    public Links select(LinkSelector s) {
        return new Links(document, pageUrl, resolve, s);
    }

    /** See {@link LinkSelector#css}. */
    public Links css(String... selectors) {
        return select(selector.css(selectors));
    }

    /** See {@link LinkSelector#tags}. */
    public Links tags(String... names) {
        return select(selector.tags(names));
    }

    /** See {@link LinkSelector#attrs}. */
    public Links attrs(String... names) {
        return select(selector.attrs(names));
    }

    /** See {@link LinkSelector#allow}. */
    public Links allow(String... regexes) {
        return select(selector.allow(regexes));
    }

    /** See {@link LinkSelector#deny}. */
    public Links deny(String... regexes) {
        return select(selector.deny(regexes));
    }

    /** See {@link LinkSelector#allowGlob}. */
    public Links allowGlob(String... globs) {
        return select(selector.allowGlob(globs));
    }

    /** See {@link LinkSelector#denyGlob}. */
    public Links denyGlob(String... globs) {
        return select(selector.denyGlob(globs));
    }

    /** See {@link LinkSelector#scope}. */
    public Links scope(Follow.Scope scope) {
        return select(selector.scope(scope));
    }

    /** See {@link LinkSelector#skipNofollow}. */
    public Links skipNofollow(boolean skip) {
        return select(selector.skipNofollow(skip));
    }

    /** The selected links, absolute and without fragment, each once, in page order. */
    public List<String> urls() {
        return selector.select(document, pageUrl, resolve);
    }
}
