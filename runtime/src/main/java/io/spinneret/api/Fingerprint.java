package io.spinneret.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The identity of a request for duplicate filtering: the first 128 bits of the SHA-256 of its
 * method, {@linkplain Urls#canonicalize(String) canonical URL} and body. Two requests that differ
 * only in URL spelling (host case, default port, fragment, query order, percent-encoding, dot
 * segments) have the same fingerprint.
 */
public record Fingerprint(long hi, long lo) {

    private static final MessageDigest PROTOTYPE = sha256();

    public static Fingerprint of(Request request) {
        MessageDigest sha = newDigest();
        sha.update(request.method().getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) ' ');
        sha.update(Urls.canonicalize(request.url()).getBytes(StandardCharsets.UTF_8));
        byte[] body = request.body();
        if (body != null && body.length > 0) {
            sha.update((byte) ' ');
            sha.update(body);
        }
        byte[] d = sha.digest();
        return new Fingerprint(toLong(d, 0), toLong(d, 8));
    }

    /** Parses the 32-character form of {@link #hex()}. */
    public static Fingerprint fromHex(String hex) {
        byte[] b = HexFormat.of().parseHex(hex);
        return new Fingerprint(toLong(b, 0), toLong(b, 8));
    }

    /** 32 lower-case hex characters. */
    public String hex() {
        return HexFormat.of().toHexDigits(hi) + HexFormat.of().toHexDigits(lo);
    }

    @Override
    public String toString() {
        return hex();
    }

    private static long toLong(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (b[off + i] & 0xff);
        return v;
    }

    /** Cloning a prototype skips the provider lookup of {@code getInstance}. */
    private static MessageDigest newDigest() {
        try {
            return (MessageDigest) PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return sha256();
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
