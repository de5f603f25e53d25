package io.spinneret.recrawl;

import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * The hash a re-crawl compares bodies by: 64 bits, the CRC-32 of the body (high half) and its
 * CRC-32C (low half), two checksums over different polynomials that the JDK computes with the
 * CPU's own instructions. It tells a changed body from the same body, not a forged one: an
 * accidental change keeps both checksums with a probability of about 2<sup>-64</sup>.
 */
final class ContentHash {
    private ContentHash() {}

    static long of(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        CRC32C crcC = new CRC32C();
        crcC.update(body);
        return crc.getValue() << 32 | crcC.getValue();
    }
}
