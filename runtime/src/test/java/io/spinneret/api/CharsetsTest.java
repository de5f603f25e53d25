package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CharsetsTest {
    private static Response response(String contentType, byte[] body) {
        Map<String, List<String>> h = contentType == null ? Map.of() : Map.of("content-type", List.of(contentType));
        return new Response(Request.of("http://h/"), "http://h/", 200, h, body);
    }

    @Test
    void headerCharsetWins() {
        byte[] body = "<meta charset=\"utf-8\">caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        Response r = response("text/html; charset=ISO-8859-1", body);
        assertEquals(StandardCharsets.ISO_8859_1, r.charset());
        assertEquals("<meta charset=\"utf-8\">café", r.text());
    }

    @Test
    void quotedHeaderCharset() {
        assertEquals(
                Charset.forName("windows-1252"),
                response("text/html; charset=\"windows-1252\"", new byte[0]).charset());
    }

    @Test
    void bomBeatsMetaWhenHeaderHasNoCharset() {
        byte[] text = "<meta charset=\"iso-8859-1\">é".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[text.length + 3];
        body[0] = (byte) 0xEF;
        body[1] = (byte) 0xBB;
        body[2] = (byte) 0xBF;
        System.arraycopy(text, 0, body, 3, text.length);
        Response r = response("text/html", body);
        assertEquals(StandardCharsets.UTF_8, r.charset());
        assertEquals("<meta charset=\"iso-8859-1\">é", r.text(), "the BOM is not part of the text");
    }

    @Test
    void utf16Bom() {
        byte[] body = "\uFEFFhi".getBytes(StandardCharsets.UTF_16LE);
        Response r = response(null, body);
        assertEquals(StandardCharsets.UTF_16LE, r.charset());
        assertEquals("hi", r.text());
    }

    @Test
    void metaCharsetAndHttpEquiv() {
        assertEquals(
                StandardCharsets.ISO_8859_1,
                response(
                                "text/html",
                                "<html><head><meta charset='iso-8859-1'></head>".getBytes(StandardCharsets.US_ASCII))
                        .charset());
        assertEquals(
                Charset.forName("windows-1251"),
                response(
                                null,
                                "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">"
                                        .getBytes(StandardCharsets.US_ASCII))
                        .charset());
    }

    @Test
    void unknownCharsetsFallBackToUtf8() {
        assertEquals(
                StandardCharsets.UTF_8,
                response("text/html; charset=no-such-thing", "x".getBytes(StandardCharsets.UTF_8))
                        .charset());
        assertEquals(
                StandardCharsets.UTF_8,
                response(null, "<p>plain</p>".getBytes(StandardCharsets.UTF_8)).charset());
    }
}
