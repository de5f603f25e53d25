package io.spinneret.download.http;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;
import org.brotli.dec.BrotliInputStream;

/**
 * Decodes {@code Content-Encoding: gzip}, {@code deflate} (zlib-wrapped or raw, as servers
 * disagree) and {@code br} bodies, bounded by the body size limit so a compression bomb fails
 * cleanly. Brotli is Google's pure-Java decoder ({@code org.brotli:dec}).
 */
final class ContentDecoder {
    /** What the downloader offers in {@code Accept-Encoding}. */
    static final String ACCEPT_ENCODING = "gzip, deflate, br, zstd";

    private ContentDecoder() {}

    static byte[] decode(String encoding, byte[] body, long limit, String url) throws IOException {
        String e = encoding.trim().toLowerCase(Locale.ROOT);
        if (body.length == 0) return body;
        return switch (e) {
            case "", "identity" -> body;
            case "gzip", "x-gzip" -> readAll(new GZIPInputStream(new ByteArrayInputStream(body), 8192), limit, url, body.length);
            case "deflate" -> inflate(body, limit, url);
            case "br" -> brotli(body, limit, url);
            case "zstd" -> zstd(body, limit, url);
            default -> throw new IOException("unsupported Content-Encoding '" + encoding + "' from " + url);
        };
    }

    private static byte[] brotli(byte[] body, long limit, String url) throws IOException {
        try {
            return readAll(new BrotliInputStream(new ByteArrayInputStream(body)), limit, url, body.length);
        } catch (IOException e) {
            // the decoder's own failures wrap its (package-private) BrotliRuntimeException; ours (too large) have no cause
            if (e.getCause() == null) throw e;
            throw new IOException("malformed brotli body from " + url + ": " + e.getCause().getMessage(), e);
        }
    }

    private static byte[] zstd(byte[] body, long limit, String url) throws IOException {
        InputStream zstd;
        try {
            zstd = new ZstdInputStream(new ByteArrayInputStream(body));
        } catch (RuntimeException e) {
            throw malformed("zstd", url, e);
        }
        // every failure of the decoder itself (aircompressor throws its unchecked
        // MalformedInputException, or an IOException on truncated input) says "malformed"
        return readAll(new java.io.FilterInputStream(zstd) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (IOException | RuntimeException e) {
                    throw malformed("zstd", url, e);
                }
            }

            @Override
            public int read() throws IOException {
                try {
                    return super.read();
                } catch (IOException | RuntimeException e) {
                    throw malformed("zstd", url, e);
                }
            }
        }, limit, url, body.length);
    }

    private static IOException malformed(String codec, String url, Exception e) {
        return new IOException("malformed " + codec + " body from " + url + ": " + e.getMessage(), e);
    }

    private static byte[] inflate(byte[] body, long limit, String url) throws IOException {
        try {
            return inflate(body, limit, url, false);
        } catch (ZipException zlibFailed) {
            return inflate(body, limit, url, true);
        }
    }

    private static byte[] inflate(byte[] body, long limit, String url, boolean raw) throws IOException {
        Inflater inf = new Inflater(raw);
        try {
            inf.setInput(body);
            byte[] out = new byte[(int) Math.min(limit, Math.max(1024L, body.length * 4L))];
            int len = 0;
            while (!inf.finished()) {
                if (len == out.length) {
                    if (len >= limit) throw LimitedBodySubscriber.tooLarge(url, limit, " once decompressed");
                    out = Arrays.copyOf(out, (int) Math.min(limit, out.length * 2L));
                }
                int n = inf.inflate(out, len, out.length - len);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) break;
                len += n;
            }
            return Arrays.copyOf(out, len);
        } catch (DataFormatException e) {
            throw new ZipException("malformed deflate body from " + url + ": " + e.getMessage());
        } finally {
            inf.end();
        }
    }

    private static byte[] readAll(InputStream in, long limit, String url, int hint) throws IOException {
        try (in) {
            byte[] out = new byte[(int) Math.min(limit, Math.max(1024L, hint * 4L))];
            int len = 0;
            while (true) {
                if (len == out.length) {
                    if (len >= limit) {
                        if (in.read() < 0) break;
                        throw LimitedBodySubscriber.tooLarge(url, limit, " once decompressed");
                    }
                    out = Arrays.copyOf(out, (int) Math.min(limit, out.length * 2L));
                }
                int n = in.read(out, len, out.length - len);
                if (n < 0) break;
                len += n;
            }
            return len == out.length ? out : Arrays.copyOf(out, len);
        }
    }
}
