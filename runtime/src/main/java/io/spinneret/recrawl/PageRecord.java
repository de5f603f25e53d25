package io.spinneret.recrawl;

import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * What a crawl keeps of a page it fetched, for the next re-crawl: the request that fetched it (to
 * request it again), its validators ({@code ETag}, {@code Last-Modified}), a hash of its body, when
 * it was fetched and its revisit interval. Kept by the scheduler ({@link io.spinneret.spi.PageRecords})
 * in the compact form of {@link #encode()}:
 * <pre>
 *   version | flags | fetchedAt varint | interval varint | hash (8 bytes)
 *         | [ETag length varint, ETag] | [Last-Modified varint] | request (RequestCodec JSON)
 * </pre>
 * Times are seconds since the epoch; {@code Last-Modified} is kept as its instant (an HTTP date
 * has second precision) and sent back in the HTTP date format.
 *
 * @param request the request as the crawl made it (without the re-crawl's conditional headers)
 * @param etag the response's {@code ETag}, or null
 * @param lastModified the response's {@code Last-Modified} in seconds since the epoch, or 0 if it had none
 * @param contentHash the 64-bit content hash of the body ({@code ContentHash})
 * @param fetchedAt when the page was last fetched, in seconds since the epoch
 * @param interval the page's revisit interval in seconds ({@link RevisitInterval})
 */
public record PageRecord(
        Request request, @Nullable String etag, long lastModified, long contentHash, long fetchedAt, long interval) {
    private static final int VERSION = 1;
    private static final int ETAG = 1;
    private static final int LAST_MODIFIED = 2;

    /** The record as the scheduler keeps it. */
    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(VERSION);
        out.write((etag != null ? ETAG : 0) | (lastModified != 0 ? LAST_MODIFIED : 0));
        writeVarint(out, fetchedAt);
        writeVarint(out, interval);
        out.writeBytes(ByteBuffer.allocate(8).putLong(contentHash).array());
        if (etag != null) {
            byte[] e = etag.getBytes(StandardCharsets.UTF_8);
            writeVarint(out, e.length);
            out.writeBytes(e);
        }
        if (lastModified != 0) writeVarint(out, lastModified);
        out.writeBytes(RequestCodec.toJsonBytes(request));
        return out.toByteArray();
    }

    /** @throws IllegalArgumentException if {@code bytes} is not a record {@link #encode()} wrote */
    public static PageRecord decode(byte[] bytes) {
        if (bytes.length < 2 || bytes[0] != VERSION) {
            throw new IllegalArgumentException("not a page record of version " + VERSION);
        }
        int flags = bytes[1];
        int[] pos = {2};
        long fetchedAt = readVarint(bytes, pos);
        long interval = readVarint(bytes, pos);
        long hash = ByteBuffer.wrap(bytes, pos[0], 8).getLong();
        pos[0] += 8;
        String etag = null;
        if ((flags & ETAG) != 0) {
            int n = (int) readVarint(bytes, pos);
            etag = new String(bytes, pos[0], n, StandardCharsets.UTF_8);
            pos[0] += n;
        }
        long lastModified = (flags & LAST_MODIFIED) != 0 ? readVarint(bytes, pos) : 0;
        Request request = RequestCodec.fromJson(Arrays.copyOfRange(bytes, pos[0], bytes.length));
        return new PageRecord(request, etag, lastModified, hash, fetchedAt, interval);
    }

    private static void writeVarint(ByteArrayOutputStream out, long v) {
        long x = v;
        while ((x & ~0x7fL) != 0) {
            out.write((int) ((x & 0x7f) | 0x80));
            x >>>= 7;
        }
        out.write((int) x);
    }

    private static long readVarint(byte[] b, int[] pos) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= b.length) break;
            int x = b[pos[0]++] & 0xff;
            v |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) return v;
        }
        throw new IllegalArgumentException("malformed varint in page record");
    }
}
