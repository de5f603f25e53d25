package io.spinneret.download.http;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads one HTTP/1.1 response off a {@link SocketConnection}: the status line (interim 1xx
 * responses skipped), the headers, and the body framed by {@code Transfer-Encoding: chunked},
 * {@code Content-Length} or the end of the connection (RFC 9112 section 6.3). The body is returned
 * still content-encoded. Malformed input of any kind is an {@link IOException} naming the URL;
 * this is the part of the socket path that {@code ResponseParserFuzzTest} fuzzes.
 */
final class ResponseReader {
    static final int MAX_HEADERS = 500;

    private ResponseReader() {}

    /**
     * @param statusLine the status line as received
     * @param raw the status line and header lines as received, up to and with the empty line that ends
     *     them (a WARC record keeps them byte for byte)
     */
    record Head(
            int status, SortedMap<String, List<String>> headers, boolean keepAlive, String statusLine, byte[] raw) {}

    /** A response read off the wire, its body still encoded; {@code reusable} if the connection may carry another exchange. */
    record Raw(Head head, byte[] body, boolean reusable) {}

    /** Told of the head before the body is read (the cookie jar takes its cookies even if the body then fails). */
    interface HeadListener {
        void head(Head head) throws IOException;
    }

    static Raw read(SocketConnection c, String method, long maxBodySize, String url, HeadListener onHead)
            throws IOException {
        Head h = readHead(c, url);
        onHead.head(h);
        boolean noBody = method.equals("HEAD") || h.status() == 204 || h.status() == 304 || h.status() < 200;
        byte[] bytes;
        boolean reusable = h.keepAlive() && h.status() != 101; // 101: the connection now speaks another protocol
        List<String> te = h.headers().get("transfer-encoding");
        if (noBody) {
            bytes = new byte[0];
        } else if (te != null && isChunked(te)) {
            bytes = BodyReader.chunked(c, maxBodySize, url);
        } else if (te != null) {
            // a transfer coding other than chunked last: the body runs to the end of the connection
            bytes = BodyReader.toClose(c, maxBodySize, url);
            reusable = false;
        } else {
            long length = contentLength(h.headers(), url);
            if (length >= 0) {
                bytes = BodyReader.fixed(c, length, maxBodySize, url);
            } else {
                bytes = BodyReader.toClose(c, maxBodySize, url);
                reusable = false;
            }
        }
        return new Raw(h, bytes, reusable);
    }

    static Head readHead(SocketConnection c, String url) throws IOException {
        while (true) {
            c.startHead();
            String status = c.readLine();
            if (status == null) throw new EOFException("connection closed by the server before the response");
            if (!status.startsWith("HTTP/1.") || status.length() < 12 || status.charAt(8) != ' ') {
                throw new IOException("malformed status line '" + abbreviate(status) + "' from " + url);
            }
            int code;
            try {
                code = Integer.parseInt(status.substring(9, 12));
            } catch (NumberFormatException e) {
                throw new IOException("malformed status line '" + abbreviate(status) + "' from " + url);
            }
            boolean http10 = status.charAt(7) == '0';
            TreeMap<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            int count = 0;
            for (String line; !(line = headerLine(c)).isEmpty(); ) {
                if (++count > MAX_HEADERS)
                    throw new IOException("more than " + MAX_HEADERS + " response headers from " + url);
                int colon = line.indexOf(':');
                if (colon <= 0) throw new IOException("malformed header line '" + abbreviate(line) + "' from " + url);
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                headers.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
            }
            if (code >= 100 && code < 200 && code != 101) continue; // interim response: the real one follows
            headers.replaceAll((k, v) -> Collections.unmodifiableList(v));
            boolean keepAlive = !hasToken(headers.get("connection"), "close")
                    && (!http10 || hasToken(headers.get("connection"), "keep-alive"));
            return new Head(code, Collections.unmodifiableSortedMap(headers), keepAlive, status, c.endHead());
        }
    }

    /** A header line; the connection closing in the middle of the header block is an EOFException, not a null. */
    private static String headerLine(SocketConnection c) throws IOException {
        String line = c.readLine();
        if (line == null) throw new EOFException("connection closed by the server in the response headers");
        return line;
    }

    /** True if {@code chunked} is the last transfer coding (RFC 9112 6.3). */
    private static boolean isChunked(List<String> te) {
        String last = te.get(te.size() - 1);
        int comma = last.lastIndexOf(',');
        return last.substring(comma + 1).trim().equalsIgnoreCase("chunked");
    }

    private static long contentLength(Map<String, List<String>> headers, String url) throws IOException {
        List<String> cl = headers.get("content-length");
        if (cl == null || cl.isEmpty()) return -1;
        long length = -1;
        for (String v : cl) {
            long n;
            try {
                n = Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length '" + v + "' from " + url);
            }
            if (n < 0 || (length >= 0 && n != length))
                throw new IOException("bad Content-Length " + cl + " from " + url);
            length = n;
        }
        return length;
    }

    private static boolean hasToken(@Nullable List<String> values, String token) {
        if (values == null) return false;
        for (String v : values) {
            for (String t : v.split(",")) if (t.trim().equalsIgnoreCase(token)) return true;
        }
        return false;
    }

    static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
