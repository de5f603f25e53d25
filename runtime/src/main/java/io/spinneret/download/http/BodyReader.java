package io.spinneret.download.http;

import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads a response body off a {@link SocketConnection}: by Content-Length, chunked (extensions
 * and trailers skipped) or until the server closes, never holding more than {@code limit} bytes.
 * Over the limit is an IOException worded as {@link LimitedBodySubscriber}'s.
 */
final class BodyReader {
    private BodyReader() {}

    static byte[] fixed(SocketConnection c, long length, long limit, String url) throws IOException {
        if (length > limit || length > Integer.MAX_VALUE - 8) throw LimitedBodySubscriber.tooLarge(url, limit, " (Content-Length " + length + ")");
        byte[] body = new byte[(int) length];
        c.readFully(body, 0, body.length);
        return body;
    }

    static byte[] chunked(SocketConnection c, long limit, String url) throws IOException {
        byte[] buf = new byte[8192];
        int len = 0;
        while (true) {
            String line = c.readLine();
            if (line == null) throw new EOFException("connection closed in a chunked body");
            int semi = line.indexOf(';');
            String hex = (semi >= 0 ? line.substring(0, semi) : line).trim();
            long size;
            try {
                size = hex.isEmpty() || hex.length() > 15 ? -1 : Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size < 0) throw new IOException("malformed chunk size '" + hex + "' from " + url);
            if (size == 0) break;
            if (len + size > limit) throw LimitedBodySubscriber.tooLarge(url, limit, "");
            if (len + size > buf.length) buf = Arrays.copyOf(buf, (int) Math.min(limit, Math.max(buf.length * 2L, len + size)));
            c.readFully(buf, len, (int) size);
            len += (int) size;
            String end = c.readLine();
            if (end == null || !end.isEmpty()) throw new IOException("malformed chunked body from " + url);
        }
        // trailers, up to the empty line
        for (String t; (t = c.readLine()) != null && !t.isEmpty(); ) {
            // ignored, as java.net.http.HttpClient ignores them
        }
        return len == buf.length ? buf : Arrays.copyOf(buf, len);
    }

    static byte[] toClose(SocketConnection c, long limit, String url) throws IOException {
        byte[] buf = new byte[(int) Math.min(8192, limit)];
        int len = 0;
        while (true) {
            if (len == buf.length) {
                if (len >= limit) {
                    byte[] probe = new byte[1];
                    if (c.read(probe, 0, 1) < 0) break;
                    throw LimitedBodySubscriber.tooLarge(url, limit, "");
                }
                buf = Arrays.copyOf(buf, (int) Math.min(limit, buf.length * 2L));
            }
            int n = c.read(buf, len, buf.length - len);
            if (n < 0) break;
            len += n;
        }
        return len == buf.length ? buf : Arrays.copyOf(buf, len);
    }
}
