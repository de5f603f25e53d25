package io.spinneret.download.http;

import java.io.EOFException;
import java.io.IOException;

/**
 * Reads a response body off a {@link SocketConnection}: by Content-Length, chunked (extensions
 * and trailers skipped) or until the server closes, never holding more than {@code limit} bytes
 * (in a {@link BodyBuffer}: a body that turns out too large leaves small chunks behind, not a
 * doubled array).
 * Over the limit is an IOException worded as {@link LimitedBodySubscriber}'s.
 */
final class BodyReader {
    private BodyReader() {}

    static byte[] fixed(SocketConnection c, long length, long limit, String url) throws IOException {
        if (length > limit || length > Integer.MAX_VALUE - 8)
            throw LimitedBodySubscriber.tooLarge(url, limit, " (Content-Length " + length + ")");
        byte[] body = new byte[(int) length];
        c.readFully(body, 0, body.length);
        return body;
    }

    static byte[] chunked(SocketConnection c, long limit, String url) throws IOException {
        BodyBuffer body = new BodyBuffer(limit);
        try {
            return chunked(c, limit, url, body);
        } finally {
            body.release();
        }
    }

    private static byte[] chunked(SocketConnection c, long limit, String url, BodyBuffer body) throws IOException {
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
            if (body.size() + size > limit) throw LimitedBodySubscriber.tooLarge(url, limit, "");
            for (long left = size; left > 0; ) {
                byte[] a = body.array();
                int n = (int) Math.min(left, body.space());
                c.readFully(a, body.offset(), n);
                body.advance(n);
                left -= n;
            }
            String end = c.readLine();
            if (end == null || !end.isEmpty()) throw new IOException("malformed chunked body from " + url);
        }
        // trailers, up to the empty line
        for (String t; (t = c.readLine()) != null && !t.isEmpty(); ) {
            // ignored, as java.net.http.HttpClient ignores them
        }
        return body.toByteArray();
    }

    static byte[] toClose(SocketConnection c, long limit, String url) throws IOException {
        BodyBuffer body = new BodyBuffer(limit);
        try {
            if (!body.readToEnd(c::read)) throw LimitedBodySubscriber.tooLarge(url, limit, "");
            return body.toByteArray();
        } finally {
            body.release();
        }
    }
}
