package io.spinneret.api;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** Detects and applies the charset of a response body. */
final class Charsets {
    private static final Pattern HEADER_CHARSET =
            Pattern.compile("charset\\s*=\\s*[\"']?([\\w.:-]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern META_CHARSET =
            Pattern.compile("<meta[^>]+charset\\s*=\\s*[\"']?\\s*([\\w.:-]+)", Pattern.CASE_INSENSITIVE);

    private Charsets() {}

    static Charset detect(@Nullable String contentType, byte[] body) {
        if (contentType != null) {
            Charset c = lookup(HEADER_CHARSET.matcher(contentType));
            if (c != null) return c;
        }
        if (body.length >= 3 && (body[0] & 0xff) == 0xEF && (body[1] & 0xff) == 0xBB && (body[2] & 0xff) == 0xBF)
            return StandardCharsets.UTF_8;
        if (body.length >= 2 && (body[0] & 0xff) == 0xFE && (body[1] & 0xff) == 0xFF) return StandardCharsets.UTF_16BE;
        if (body.length >= 2 && (body[0] & 0xff) == 0xFF && (body[1] & 0xff) == 0xFE) return StandardCharsets.UTF_16LE;
        String head = new String(body, 0, Math.min(body.length, 2048), StandardCharsets.ISO_8859_1);
        Charset c = lookup(META_CHARSET.matcher(head));
        return c != null ? c : StandardCharsets.UTF_8;
    }

    static String decode(byte[] body, Charset charset) {
        int skip = bomLength(body, charset);
        return new String(body, skip, body.length - skip, charset);
    }

    /** Bytes of a byte order mark of {@code charset} at the start of {@code body}, else 0. */
    static int bomLength(byte[] body, Charset charset) {
        if (charset == StandardCharsets.UTF_8
                && body.length >= 3
                && (body[0] & 0xff) == 0xEF
                && (body[1] & 0xff) == 0xBB
                && (body[2] & 0xff) == 0xBF) return 3;
        if ((charset == StandardCharsets.UTF_16BE
                        && body.length >= 2
                        && (body[0] & 0xff) == 0xFE
                        && (body[1] & 0xff) == 0xFF)
                || (charset == StandardCharsets.UTF_16LE
                        && body.length >= 2
                        && (body[0] & 0xff) == 0xFF
                        && (body[1] & 0xff) == 0xFE)) {
            return 2;
        }
        return 0;
    }

    private static @Nullable Charset lookup(Matcher m) {
        if (!m.find()) return null;
        try {
            return Charset.forName(m.group(1).toLowerCase(Locale.ROOT));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
