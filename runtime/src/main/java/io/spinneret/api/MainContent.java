package io.spinneret.api;

import io.spinneret.text.Markdown;
import org.jspecify.annotations.Nullable;

/**
 * The main content of a page, as {@link Response#mainContent()} finds it: the article without the
 * navigation, headers, footers and sidebars around it (a readability-style algorithm), as HTML,
 * as plain text and as Markdown. The Markdown is converted on first use. Used by one thread at a
 * time, like the response it comes from.
 *
 * <pre>{@code
 * MainContent content = page.mainContent();
 * return new Article(page.url(), content.title(), content.markdown());
 * }</pre>
 */
public final class MainContent {
    private final String title;
    private final String html;
    private final String text;
    private @Nullable String markdown;

    MainContent(String title, String html, String text) {
        this.title = title;
        this.html = html;
        this.text = text;
    }

    /** The article's title (from the page's headings and {@code <title>}), or {@code ""}. */
    public String title() {
        return title;
    }

    /** The content as HTML (one {@code <div>}, links absolute), or {@code ""} when none was found. */
    public String html() {
        return html;
    }

    /** The content's text, whitespace as in the page, or {@code ""}. */
    public String text() {
        return text;
    }

    /** The content as Markdown, or {@code ""}. */
    public String markdown() {
        if (markdown == null) markdown = html.isEmpty() ? "" : Markdown.of(html);
        return markdown;
    }

    /** True when the algorithm found no content (an empty page, a page of links only). */
    public boolean isEmpty() {
        return html.isEmpty() && text.isEmpty();
    }

    @Override
    public String toString() {
        return "MainContent[" + title + ", " + text.length() + " chars]";
    }
}
