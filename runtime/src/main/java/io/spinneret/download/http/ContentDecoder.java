package io.spinneret.download.http;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;
import org.brotli.dec.BrotliInputStream;

/**
 * Decodes {@code Content-Encoding: gzip}, {@code deflate} (zlib-wrapped or raw, as servers
 * disagree) and {@code br} bodies, bounded by the body size limit so a compression bomb fails
 * cleanly (the output grows in {@link BodyBuffer} chunks, so a bomb leaves no doubled arrays behind). Brotli is Google's pure-Java decoder ({@code org.brotli:dec}).
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
            case "gzip", "x-gzip" ->
                readAll(new GZIPInputStream(new ByteArrayInputStream(body), 8192), limit, url, body.length);
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
            // the decoder's own failures wrap its (package-private) BrotliRuntimeException; ours (too large) have no
            // cause
            if (e.getCause() == null) throw e;
            throw new IOException(
                    "malformed brotli body from " + url + ": " + e.getCause().getMessage(), e);
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
        return readAll(
                new FilterInputStream(zstd) {
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
                },
                limit,
                url,
                body.length);
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
            BodyBuffer out = new BodyBuffer(limit, (int) Math.min(BodyBuffer.CHUNK, Math.max(1024L, body.length * 4L)));
            try {
                return inflate(inf, out, limit, url);
            } finally {
                out.release();
            }
        } catch (DataFormatException e) {
            throw new ZipException("malformed deflate body from " + url + ": " + e.getMessage());
        } finally {
            inf.end();
        }
    }

    private static byte[] inflate(Inflater inf, BodyBuffer out, long limit, String url)
            throws IOException, DataFormatException {
        while (!inf.finished()) {
            if (out.atLimit()) {
                byte[] probe = new byte[1];
                if (inf.inflate(probe) == 0 && (inf.finished() || inf.needsInput())) break;
                throw LimitedBodySubscriber.tooLarge(url, limit, " once decompressed");
            }
            byte[] a = out.array();
            int n = inf.inflate(a, out.offset(), out.space());
            if (n == 0 && (inf.needsInput() || inf.needsDictionary())) break;
            out.advance(n);
        }
        return out.toByteArray();
    }

    private static byte[] readAll(InputStream in, long limit, String url, int hint) throws IOException {
        try (in) {
            BodyBuffer out = new BodyBuffer(limit, (int) Math.min(BodyBuffer.CHUNK, Math.max(1024L, hint * 4L)));
            try {
                if (!out.readToEnd(in::read)) throw LimitedBodySubscriber.tooLarge(url, limit, " once decompressed");
                return out.toByteArray();
            } finally {
                out.release();
            }
        }
    }
}
