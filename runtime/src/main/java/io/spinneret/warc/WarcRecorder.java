package io.spinneret.warc;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.disk.FileErrors;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import io.spinneret.url.AbsoluteUrl;
import io.spinneret.url.WireUri;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.netpreserve.jwarc.HttpRequest;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every exchange a crawl's downloaders report as WARC 1.1 records with jwarc: a
 * {@code request} record and a {@code response} record (concurrent to each other), or, when the
 * response's payload was recorded before (same SHA-1), a {@code revisit} record of the
 * identical-payload-digest profile that refers to the first capture and carries the headers only.
 * Each file opens with a {@code warcinfo} record; a {@code .gz} name gzips each record on its own
 * (as readers of WARC files expect), and past {@code warc_max_size} bytes the output goes on in the
 * next file (see {@link WarcFileNames}).
 *
 * <p>Thread-safe: records are written under one lock, so a request and its response are adjacent.
 * A write that fails is logged once and stops the recording (the crawl goes on); {@link #close}
 * closes the current file.
 */
public final class WarcRecorder implements ExchangeListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WarcRecorder.class);
    /** Payload digests remembered for revisit records; past this many, new payloads are not remembered. */
    private static final int MAX_REMEMBERED = 1 << 20;

    private record Capture(URI id, URI target, Instant date) {}

    private final WarcFileNames names;
    private final long maxSize;
    private final boolean gzip;
    private final String software;
    private final String spider;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Capture> captures = new ConcurrentHashMap<>();
    private @Nullable WarcWriter writer;
    private @Nullable FileChannel channel;
    private @Nullable URI warcinfoId;
    private final List<Path> written = new ArrayList<>();
    private volatile boolean failed;

    /**
     * @param target the first file's path, e.g. {@code crawl.warc.gz}
     * @param maxSize bytes after which the next record goes into a new file
     * @throws SpinneretException if the first file cannot be created
     */
    public WarcRecorder(Path target, long maxSize, String spider) {
        this.names = new WarcFileNames(target);
        this.maxSize = Math.max(1, maxSize);
        this.gzip = target.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        this.spider = spider;
        this.software = "Spinneret/" + version();
        try {
            open();
        } catch (IOException e) {
            throw new SpinneretException("cannot write the WARC output " + target + ": " + FileErrors.describe(e), e);
        }
    }

    /**
     * The recorder that {@code warc_output} asks for; the caller checks that it is set (see
     * {@link io.spinneret.download.Downloaders}), so that a crawl that records nothing does not
     * load this class and jwarc's.
     */
    public static WarcRecorder from(Settings settings, String spider) {
        return new WarcRecorder(
                Path.of(settings.getString(Setting.WARC_OUTPUT)), settings.getLong(Setting.WARC_MAX_SIZE), spider);
    }

    /** The files written so far, in order. */
    public List<Path> files() {
        lock.lock();
        try {
            return List.copyOf(written);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void exchanged(Exchange exchange) {
        if (failed) return;
        lock.lock();
        try {
            if (failed || writer == null) return;
            write(exchange);
            if (channel != null && channel.position() >= maxSize) {
                closeFile();
                open();
            }
        } catch (IOException | RuntimeException e) {
            failed = true;
            LOG.error("WARC output stopped: writing the record of {} failed: {}", exchange.url(), e.toString());
        } finally {
            lock.unlock();
        }
    }

    private void write(Exchange x) throws IOException {
        URI target = WireUri.of(AbsoluteUrl.parse(x.url()).hrefWithoutFragment());
        WarcWriter w = writer;
        if (w == null) return;
        byte[] body = x.responseBody();
        WarcDigest payloadDigest = sha1(body);
        String digest = payloadDigest.base32();
        Capture first = body.length == 0 ? null : captures.get(digest);
        URI responseId;
        if (first != null) {
            WarcRevisit.Builder b = new WarcRevisit.Builder(target, WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1)
                    .version(MessageVersion.WARC_1_1)
                    .date(x.date())
                    .refersTo(first.id(), first.target(), first.date())
                    .payloadDigest(payloadDigest)
                    .body(MediaType.HTTP_RESPONSE, headersOnly(x));
            common(b, x);
            WarcRevisit revisit = b.build();
            responseId = revisit.id();
            w.write(revisit);
        } else {
            WarcResponse.Builder b = new WarcResponse.Builder(target)
                    .version(MessageVersion.WARC_1_1)
                    .date(x.date())
                    .payloadDigest(payloadDigest);
            byte[] head = x.responseHead();
            if (head != null) {
                byte[][] parts = chunked(x) ? ChunkedBody.around(body) : new byte[][] {body};
                b.body(MediaType.HTTP_RESPONSE, concat(head, parts), length(head, parts));
            } else {
                b.body(httpResponse(x, body));
            }
            common(b, x);
            WarcResponse response = b.build();
            responseId = response.id();
            w.write(response);
            if (body.length > 0 && captures.size() < MAX_REMEMBERED)
                captures.putIfAbsent(digest, new Capture(responseId, target, x.date()));
        }
        WarcRequest.Builder rb = new WarcRequest.Builder(target)
                .version(MessageVersion.WARC_1_1)
                .date(x.date())
                .concurrentTo(responseId)
                .body(httpRequest(x));
        if (warcinfoId != null) rb.warcinfoId(warcinfoId);
        w.write(rb.build());
    }

    private <B extends WarcCaptureRecord.AbstractBuilder<?, B>> void common(B b, Exchange x) {
        if (warcinfoId != null) b.warcinfoId(warcinfoId);
        String ip = x.remoteAddress();
        // a literal only (digits, dots, colons), so that getByName never asks DNS
        if (ip != null
                && !ip.isEmpty()
                && ip.chars().allMatch(ch -> Character.digit(ch, 16) >= 0 || ch == '.' || ch == ':')) {
            try {
                b.ipAddress(InetAddress.getByName(ip));
            } catch (UnknownHostException e) {
                // not an address after all: the field is left out
            }
        }
    }

    /**
     * The response as recorded when the downloader did not keep its head as received (HTTP/2, the JDK
     * client, a browser): its status line and headers, without a chunked transfer coding (the body is
     * recorded de-chunked), and {@code Content-Type} and {@code Content-Length} as jwarc sets them
     * for the body.
     */
    private static HttpResponse httpResponse(Exchange x, byte[] body) {
        return headers(x).body(contentType(x), body).build();
    }

    /** True when the response came with a chunked transfer coding, which the exchange's body no longer has. */
    private static boolean chunked(Exchange x) {
        for (Exchange.Header h : x.responseHeaders()) {
            if (!h.name().equalsIgnoreCase("transfer-encoding")) continue;
            String v = h.value();
            return v.substring(v.lastIndexOf(',') + 1).trim().equalsIgnoreCase("chunked");
        }
        return false;
    }

    private static ReadableByteChannel concat(byte[] head, byte[][] parts) {
        List<InputStream> in = new ArrayList<>(parts.length + 1);
        in.add(new ByteArrayInputStream(head));
        for (byte[] p : parts) in.add(new ByteArrayInputStream(p));
        return Channels.newChannel(new SequenceInputStream(Collections.enumeration(in)));
    }

    private static long length(byte[] head, byte[][] parts) {
        long n = head.length;
        for (byte[] p : parts) n += p.length;
        return n;
    }

    /**
     * The status line and headers only, as a revisit record carries them: as received when the
     * downloader kept them, else rebuilt with the original's {@code Content-Length} (the headers say
     * what the first capture's body was).
     */
    private static byte[] headersOnly(Exchange x) {
        if (x.responseHead() != null) return x.responseHead();
        StringBuilder b = new StringBuilder("HTTP/1.1 ")
                .append(x.status())
                .append(' ')
                .append(x.reason())
                .append("\r\n");
        for (Exchange.Header h : x.responseHeaders()) {
            if (!h.name().equalsIgnoreCase("transfer-encoding"))
                b.append(h.name()).append(": ").append(h.value()).append("\r\n");
        }
        return b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static HttpResponse.Builder headers(Exchange x) {
        HttpResponse.Builder b = new HttpResponse.Builder(x.status(), x.reason().isEmpty() ? " " : x.reason())
                .version(MessageVersion.HTTP_1_1);
        for (Exchange.Header h : x.responseHeaders()) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (name.equals("transfer-encoding") || name.equals("content-length") || name.equals("content-type"))
                continue;
            b.addHeader(h.name(), h.value());
        }
        return b;
    }

    private static HttpRequest httpRequest(Exchange x) {
        String path = AbsoluteUrl.parse(x.url()).pathAndQuery(); // the request target as sent
        HttpRequest.Builder b = new HttpRequest.Builder(x.method(), path).version(MessageVersion.HTTP_1_1);
        for (Exchange.Header h : x.requestHeaders()) b.addHeader(h.name(), h.value());
        if (x.requestBody().length > 0) b.body(MediaType.OCTET_STREAM, x.requestBody());
        return b.build();
    }

    private static MediaType contentType(Exchange x) {
        for (Exchange.Header h : x.responseHeaders()) {
            if (h.name().equalsIgnoreCase("content-type")) {
                try {
                    return MediaType.parseLeniently(h.value());
                } catch (RuntimeException e) {
                    return MediaType.OCTET_STREAM;
                }
            }
        }
        return MediaType.OCTET_STREAM;
    }

    private void open() throws IOException {
        Path path = names.nextFree();
        Path parent = path.getParent();
        if (parent != null) Files.createDirectories(parent);
        FileChannel c = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        WarcWriter w = new WarcWriter(c, gzip ? WarcCompression.GZIP : WarcCompression.NONE);
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of(software));
        fields.put("format", List.of("WARC File Format 1.1"));
        fields.put(
                "conformsTo",
                List.of("https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"));
        fields.put("isPartOf", List.of(spider));
        Warcinfo info = new Warcinfo.Builder()
                .version(MessageVersion.WARC_1_1)
                .date(Instant.now())
                .filename(path.getFileName().toString())
                .fields(fields)
                .build();
        w.write(info);
        channel = c;
        writer = w;
        warcinfoId = info.id();
        written.add(path);
        LOG.debug("writing WARC records to {}", path);
    }

    private void closeFile() throws IOException {
        WarcWriter w = writer;
        writer = null;
        channel = null;
        if (w != null) w.close();
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closeFile();
        } catch (IOException e) {
            LOG.warn("closing the WARC output failed: {}", e.toString());
        } finally {
            lock.unlock();
        }
    }

    private static WarcDigest sha1(byte[] body) {
        try {
            return new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    private static String version() {
        String v = WarcRecorder.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
