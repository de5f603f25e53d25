package io.spinneret.text;

import com.vladsch.flexmark.html2md.converter.FlexmarkHtmlConverter;

/**
 * HTML to Markdown with flexmark's converter (headings, lists, links, emphasis, tables, code).
 * Thread-safe: the converter is built once and keeps no state between calls.
 */
public final class Markdown {
    private static final FlexmarkHtmlConverter CONVERTER =
            FlexmarkHtmlConverter.builder().build();

    private Markdown() {}

    /** {@code html} (a fragment or a whole page) as Markdown, without trailing blank lines. */
    public static String of(String html) {
        return CONVERTER.convert(html).strip();
    }
}
