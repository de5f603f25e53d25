package io.spinneret.recrawl;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a crawl keeps of a page it fetched, for the next re-crawl: the request that fetched it (to
 * request it again), its validators ({@code ETag}, {@code Last-Modified}), a hash of its body, when
 * it was fetched and its revisit interval, and, when {@code recrawl_removed_when_unlinked} is on,
 * the fingerprints of the requests its callback yielded (its links). Kept by the scheduler
 * ({@link io.spinneret.spi.PageRecords}) in the compact form of {@link #encode()}:
 * <pre>
 *   version | flags | fetchedAt (4 bytes) | interval (4 bytes) | hash (8 bytes)
 *         | [ETag length varint, ETag] | [Last-Modified varint] | [links: count varint, 16 bytes each]
 *         | [items: count varint, then each: table, key column (length varint, UTF-8), type (1 byte), key as text]
 *         | request: a plain GET as URL, callback (length varint, UTF-8), priority (zig-zag varint) and depth
 *           (varint); any other as RequestCodec JSON
 * </pre>
 * Times are seconds since the epoch, unsigned; the visit's two fields have a fixed place
 * ({@link #visit}), so an unchanged page's record is brought up to date by a {@code patch} of 8 bytes.
 * {@code Last-Modified} is kept as its instant (an HTTP date has second precision) and sent back in
 * the HTTP date format. Records of version 1 (varint times, no links) are still read.
 *
 * @param request the request as the crawl made it (without the re-crawl's conditional headers)
 * @param etag the response's {@code ETag}, or null
 * @param lastModified the response's {@code Last-Modified} in seconds since the epoch, or 0 if it had none
 * @param contentHash the 64-bit content hash of the body ({@code ContentHash})
 * @param fetchedAt when the page was last fetched, in seconds since the epoch
 * @param interval the page's revisit interval in seconds ({@link RevisitInterval})
 * @param links the fingerprints of the requests the page's callback yielded, or null if not kept
 * @param items the keys of the items the page's callback yielded ({@code recrawl_removed_items} delete or flag), or null
 */
public record PageRecord(
        Request request,
        @Nullable String etag,
        long lastModified,
        long contentHash,
        long fetchedAt,
        long interval,
        @Nullable List<Fingerprint> links,
        @Nullable List<ItemKey> items) {
    private static final int VERSION = 2;
    private static final int VERSION_1 = 1;
    private static final int ETAG = 1;
    private static final int LAST_MODIFIED = 2;
    private static final int LINKS = 4;
    private static final int ITEMS = 8;
    /** The request is a plain GET kept as URL, callback, priority and depth, not as JSON. */
    private static final int PLAIN_REQUEST = 16;
    /** Where {@link #visit} goes in a record of this version. */
    public static final int VISIT_OFFSET = 2;

    private static final long U32 = 0xFFFF_FFFFL;

    /** A record without links. */
    public PageRecord(
            Request request,
            @Nullable String etag,
            long lastModified,
            long contentHash,
            long fetchedAt,
            long interval) {
        this(request, etag, lastModified, contentHash, fetchedAt, interval, null, null);
    }

    public PageRecord {
        if (links != null) links = List.copyOf(links);
        if (items != null) items = List.copyOf(items);
    }

    /** This record with other links and item keys. */
    PageRecord with(@Nullable List<Fingerprint> links, @Nullable List<ItemKey> items) {
        return new PageRecord(request, etag, lastModified, contentHash, fetchedAt, interval, links, items);
    }

    /** The record as the scheduler keeps it. */
    public byte[] encode() {
        boolean plain = isPlain(request);
        byte[] json = plain ? plainRequest(request) : RequestCodec.toJsonBytes(request);
        byte[] e = etag == null ? null : etag.getBytes(StandardCharsets.UTF_8);
        List<byte[]> keys = new ArrayList<>();
        int keyBytes = 0;
        if (items != null) {
            for (ItemKey k : items) {
                for (String text : List.of(k.table(), k.key().name(), k.text())) {
                    byte[] b = text.getBytes(StandardCharsets.UTF_8);
                    keys.add(b);
                    keyBytes += 5 + b.length;
                }
                keyBytes++;
            }
        }
        int size = 2
                + 8
                + 8
                + (e == null ? 0 : 5 + e.length)
                + 10
                + (links == null ? 0 : 5 + 16 * links.size())
                + (items == null ? 0 : 5 + keyBytes)
                + json.length;
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put((byte) VERSION);
        out.put((byte) ((e != null ? ETAG : 0)
                | (lastModified != 0 ? LAST_MODIFIED : 0)
                | (links != null ? LINKS : 0)
                | (items != null ? ITEMS : 0)
                | (plain ? PLAIN_REQUEST : 0)));
        out.put(visit(fetchedAt, interval));
        out.putLong(contentHash);
        if (e != null) {
            writeVarint(out, e.length);
            out.put(e);
        }
        if (lastModified != 0) writeVarint(out, lastModified);
        if (links != null) {
            writeVarint(out, links.size());
            for (Fingerprint fp : links) out.putLong(fp.hi()).putLong(fp.lo());
        }
        if (items != null) {
            writeVarint(out, items.size());
            for (int i = 0; i < items.size(); i++) {
                writeBytes(out, keys.get(3 * i));
                writeBytes(out, keys.get(3 * i + 1));
                out.put((byte) items.get(i).key().type().ordinal());
                writeBytes(out, keys.get(3 * i + 2));
            }
        }
        out.put(json);
        return Arrays.copyOf(out.array(), out.position());
    }

    /** The visit's fields as they sit at {@link #VISIT_OFFSET}: fetchedAt and interval, 4 bytes each, clamped. */
    public static byte[] visit(long fetchedAt, long interval) {
        return ByteBuffer.allocate(8)
                .putInt((int) Math.clamp(fetchedAt, 0, U32))
                .putInt((int) Math.clamp(interval, 0, U32))
                .array();
    }

    /** @throws IllegalArgumentException if {@code bytes} is not a record {@link #encode()} wrote */
    public static PageRecord decode(byte[] bytes) {
        if (bytes.length < 2 || (bytes[0] != VERSION && bytes[0] != VERSION_1)) {
            throw new IllegalArgumentException("not a page record of version " + VERSION_1 + " or " + VERSION);
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            int version = in.get();
            int flags = in.get();
            long fetchedAt = version == VERSION ? in.getInt() & U32 : readVarint(in);
            long interval = version == VERSION ? in.getInt() & U32 : readVarint(in);
            long hash = in.getLong();
            String etag = null;
            if ((flags & ETAG) != 0) etag = readString(in);
            long lastModified = (flags & LAST_MODIFIED) != 0 ? readVarint(in) : 0;
            List<Fingerprint> links = null;
            if ((flags & LINKS) != 0) {
                int n = (int) readVarint(in);
                Fingerprint[] fps = new Fingerprint[n];
                for (int i = 0; i < n; i++) fps[i] = new Fingerprint(in.getLong(), in.getLong());
                links = List.of(fps);
            }
            List<ItemKey> items = null;
            if ((flags & ITEMS) != 0) {
                int n = (int) readVarint(in);
                ItemKey[] keys = new ItemKey[n];
                for (int i = 0; i < n; i++) {
                    String table = readString(in);
                    String column = readString(in);
                    FieldType type = FieldType.values()[in.get()];
                    keys[i] = new ItemKey(table, new Field(column, type, false), ItemKey.value(type, readString(in)));
                }
                items = List.of(keys);
            }
            Request request = (flags & PLAIN_REQUEST) != 0
                    ? plainRequest(in)
                    : RequestCodec.fromJson(Arrays.copyOfRange(bytes, in.position(), bytes.length));
            return new PageRecord(request, etag, lastModified, hash, fetchedAt, interval, links, items);
        } catch (BufferUnderflowException
                | NegativeArraySizeException
                | ArrayIndexOutOfBoundsException
                | DateTimeException
                | NumberFormatException e) {
            throw new IllegalArgumentException("truncated page record", e);
        }
    }

    /**
     * Whether {@code r} is what almost every crawled page's request is: a GET with no headers, body,
     * meta, errback or renderer of its own, kept without JSON (smaller, and no JSON to write on every
     * page of a first crawl or read for every page a re-crawl queues).
     */
    private static boolean isPlain(Request r) {
        return r.method().equals("GET")
                && r.headers().isEmpty()
                && r.body() == null
                && r.errback() == null
                && !r.dontFilter()
                && r.renderer() == Renderer.HTTP
                && r.meta().isEmpty()
                && r.retryCount() == 0;
    }

    /** URL, callback (empty for the default), priority (zig-zag) and depth. */
    private static byte[] plainRequest(Request r) {
        byte[] url = r.url().getBytes(StandardCharsets.UTF_8);
        byte[] callback = r.callback().equals(Request.DEFAULT_CALLBACK)
                ? new byte[0]
                : r.callback().getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(url.length + callback.length + 30);
        writeBytes(out, url);
        writeBytes(out, callback);
        writeVarint(out, ((r.priority() << 1) ^ (r.priority() >> 31)) & U32);
        writeVarint(out, r.depth());
        return Arrays.copyOf(out.array(), out.position());
    }

    /** As {@link RequestCodec#fromJson} builds the same request from its JSON. */
    private static Request plainRequest(ByteBuffer in) {
        Request.Builder b = Request.builder(readString(in));
        String callback = readString(in);
        if (!callback.isEmpty()) b.callback(callback);
        int zigzag = (int) readVarint(in);
        int priority = (zigzag >>> 1) ^ -(zigzag & 1);
        return b.priority(priority).depth((int) readVarint(in)).build();
    }

    private static void writeBytes(ByteBuffer out, byte[] b) {
        writeVarint(out, b.length);
        out.put(b);
    }

    private static String readString(ByteBuffer in) {
        byte[] b = new byte[(int) readVarint(in)];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void writeVarint(ByteBuffer out, long v) {
        long x = v;
        while ((x & ~0x7fL) != 0) {
            out.put((byte) ((x & 0x7f) | 0x80));
            x >>>= 7;
        }
        out.put((byte) x);
    }

    private static long readVarint(ByteBuffer in) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!in.hasRemaining()) break;
            int x = in.get() & 0xff;
            v |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) return v;
        }
        throw new IllegalArgumentException("malformed varint in page record");
    }
}
