package io.spinneret.url;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The percent-encode sets of the URL Standard (section 1.3) and UTF-8 percent-encoding and
 * percent-decoding. Every set contains the C0 controls and all code points above U+007E.
 */
enum PercentEncoding {
    /** The C0 control percent-encode set. */
    C0(""),
    /** The fragment percent-encode set. */
    FRAGMENT(" \"<>`"),
    /** The query percent-encode set. */
    QUERY(" \"#<>"),
    /** The special-query percent-encode set: the query set and {@code '}. */
    SPECIAL_QUERY(" \"#<>'"),
    /** The path percent-encode set: the query set and {@code ? ^ ` { }}. */
    PATH(" \"#<>?^`{}"),
    /** The userinfo percent-encode set: the path set and {@code / : ; = @ [ \ ] |}. */
    USERINFO(" \"#<>?^`{}/:;=@[\\]|");

    private final boolean[] ascii = new boolean[128];

    PercentEncoding(String extra) {
        for (int c = 0; c < 0x20; c++) ascii[c] = true;
        ascii[0x7f] = true;
        for (char c : extra.toCharArray()) ascii[c] = true;
    }

    boolean contains(int codePoint) {
        return codePoint > 0x7e || ascii[codePoint];
    }

    /** Appends {@code codePoint}, UTF-8 percent-encoded if it is in this set. */
    void append(StringBuilder out, int codePoint) {
        if (!contains(codePoint)) {
            out.append((char) codePoint);
            return;
        }
        for (byte b : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
            appendByte(out, b);
        }
    }

    /** Appends every code point of {@code s}, percent-encoding those in this set. */
    void appendAll(StringBuilder out, String s) {
        s.codePoints().forEach(c -> append(out, c));
    }

    static void appendByte(StringBuilder out, byte b) {
        out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** Percent-decoding (section 1.3): {@code %XX} becomes the byte, anything else its UTF-8 bytes. */
    static byte[] decode(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == '%' && i + 2 < bytes.length) {
                int hi = Character.digit(bytes[i + 1], 16), lo = Character.digit(bytes[i + 2], 16);
                if (hi >= 0 && lo >= 0) {
                    out.write(hi * 16 + lo);
                    i += 2;
                    continue;
                }
            }
            out.write(b);
        }
        return out.toByteArray();
    }
}
