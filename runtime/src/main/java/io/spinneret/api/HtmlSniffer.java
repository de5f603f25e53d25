package io.spinneret.api;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Whether a body without a {@code Content-Type} is HTML, by the WHATWG MIME sniffing rules for
 * HTML: after leading whitespace (and a UTF-8 BOM), one of the tags the standard lists, such as
 * {@code <!DOCTYPE HTML}, {@code <html}, {@code <head}, {@code <body}, {@code <p}, or a comment,
 * followed by a space or {@code >}.
 */
final class HtmlSniffer {
    private static final String[] TAGS = {
        "<!doctype html",
        "<html",
        "<head",
        "<script",
        "<iframe",
        "<h1",
        "<div",
        "<font",
        "<table",
        "<a",
        "<style",
        "<title",
        "<b",
        "<body",
        "<br",
        "<p"
    };
    /** The standard looks at the first 1,445 bytes; the tag has to start within them. */
    private static final int SNIFF = 1445;

    private HtmlSniffer() {}

    static boolean looksLikeHtml(byte[] body) {
        int i = 0;
        if (body.length >= 3 && (body[0] & 0xff) == 0xEF && (body[1] & 0xff) == 0xBB && (body[2] & 0xff) == 0xBF) i = 3;
        while (i < body.length
                && i < SNIFF
                && (body[i] == ' ' || body[i] == '\t' || body[i] == '\n' || body[i] == '\r' || body[i] == '\f')) i++;
        String head = new String(body, i, Math.min(body.length - i, 16), StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        if (head.startsWith("<!--")) return true; // a comment needs no terminating byte
        for (String tag : TAGS) {
            if (head.length() > tag.length() && head.startsWith(tag)) {
                char next = head.charAt(tag.length());
                if (next == ' ' || next == '>') return true;
            }
        }
        return false;
    }
}
