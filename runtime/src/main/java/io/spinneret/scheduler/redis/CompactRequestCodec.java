package io.spinneret.scheduler.redis;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes a queued request takes in Redis: what is not known from where it is queued. The host
 * and the priority are the queue's own (see {@code push.lua}), so a plain request is
 * <pre>
 *   flags | [depth varint] | [callback length varint, callback] | rest of the URL
 * </pre>
 * where the URL loses its {@code http://host} or {@code https://host} prefix when it starts with
 * exactly that (so it is rebuilt byte for byte). Anything beyond URL, callback, depth and
 * {@code dontFilter} (a method, headers, a body, an errback, a renderer, meta, a retry count) makes
 * the record {@code flags | RequestCodec JSON} instead: rare requests may be larger, common ones
 * stay near the length of their path. A 60-character product URL with a callback costs about 45
 * bytes. Thread-safe.
 */
final class CompactRequestCodec {
    private static final int HTTPS_HOST = 1; // url = "https://" + host + rest
    private static final int HTTP_HOST = 2; // url = "http://" + host + rest
    private static final int DEPTH = 4;
    private static final int CALLBACK = 8;
    private static final int DONT_FILTER = 16;
    private static final int JSON = 32; // the rest is the whole request as RequestCodec JSON

    private CompactRequestCodec() {}

    static byte[] encode(Request r, String host) {
        if (!plain(r)) {
            byte[] json = RequestCodec.toJsonBytes(r);
            byte[] out = new byte[json.length + 1];
            out[0] = JSON;
            System.arraycopy(json, 0, out, 1, json.length);
            return out;
        }
        String url = r.url();
        int flags = 0;
        String rest = url;
        if (url.startsWith("https://") && url.startsWith(host, 8)) {
            flags |= HTTPS_HOST;
            rest = url.substring(8 + host.length());
        } else if (url.startsWith("http://") && url.startsWith(host, 7)) {
            flags |= HTTP_HOST;
            rest = url.substring(7 + host.length());
        }
        if (r.depth() != 0) flags |= DEPTH;
        if (!r.callback().equals(Request.DEFAULT_CALLBACK)) flags |= CALLBACK;
        if (r.dontFilter()) flags |= DONT_FILTER;
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 + rest.length());
        out.write(flags);
        if (r.depth() != 0) writeVarint(out, r.depth());
        if (!r.callback().equals(Request.DEFAULT_CALLBACK)) {
            byte[] cb = r.callback().getBytes(StandardCharsets.UTF_8);
            writeVarint(out, cb.length);
            out.writeBytes(cb);
        }
        out.writeBytes(rest.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** @throws IllegalArgumentException if {@code record} is not one {@link #encode} wrote */
    static Request decode(byte[] record, String host, int priority) {
        if (record.length == 0) throw new IllegalArgumentException("empty request record");
        int flags = record[0] & 0xff;
        if ((flags & JSON) != 0) return RequestCodec.fromJson(Arrays.copyOfRange(record, 1, record.length));
        int[] pos = {1};
        int depth = (flags & DEPTH) != 0 ? readVarint(record, pos) : 0;
        String callback = Request.DEFAULT_CALLBACK;
        if ((flags & CALLBACK) != 0) {
            int n = readVarint(record, pos);
            callback = new String(record, pos[0], n, StandardCharsets.UTF_8);
            pos[0] += n;
        }
        String rest = new String(record, pos[0], record.length - pos[0], StandardCharsets.UTF_8);
        String url = (flags & HTTPS_HOST) != 0
                ? "https://" + host + rest
                : (flags & HTTP_HOST) != 0 ? "http://" + host + rest : rest;
        return Request.builder(url)
                .callback(callback)
                .priority(priority)
                .depth(depth)
                .dontFilter((flags & DONT_FILTER) != 0)
                .build();
    }

    private static boolean plain(Request r) {
        return r.method().equals("GET")
                && r.headers().isEmpty()
                && r.body() == null
                && r.errback() == null
                && r.renderer() == Renderer.HTTP
                && r.meta().isEmpty()
                && r.retryCount() == 0;
    }

    private static void writeVarint(ByteArrayOutputStream out, int v) {
        int x = v;
        while ((x & ~0x7f) != 0) {
            out.write((x & 0x7f) | 0x80);
            x >>>= 7;
        }
        out.write(x);
    }

    private static int readVarint(byte[] b, int[] pos) {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int x = b[pos[0]++] & 0xff;
            v |= (x & 0x7f) << shift;
            if ((x & 0x80) == 0) return v;
        }
        throw new IllegalArgumentException("malformed varint in request record");
    }
}
