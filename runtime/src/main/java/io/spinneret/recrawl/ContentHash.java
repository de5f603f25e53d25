package io.spinneret.recrawl;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The hash a re-crawl compares bodies by: the first 64 bits of their SHA-256 (the JDK's, with its
 * CPU intrinsics). Two different bodies are taken for one with a probability of about 2<sup>-64</sup>.
 */
final class ContentHash {
    private ContentHash() {}

    static long of(byte[] body) {
        try {
            return ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(body)).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
