package io.spinneret.warc;

import java.nio.charset.StandardCharsets;

/**
 * The chunked transfer coding (RFC 9112 section 7.1) around a body the downloader has already
 * de-chunked, so that a response recorded with its head as received (which says
 * {@code Transfer-Encoding: chunked}) is still a message a WARC reader can parse. The body goes
 * out as one chunk: the server's chunk boundaries are not kept, its bytes are.
 */
final class ChunkedBody {
    private static final byte[] LAST = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private ChunkedBody() {}

    /** The parts to write in order: the chunk's size line, the body (the array itself, not a copy), the end. */
    static byte[][] around(byte[] body) {
        if (body.length == 0) return new byte[][] {LAST};
        byte[] size = (Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        return new byte[][] {size, body, ("\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII)};
    }
}
