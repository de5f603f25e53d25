package io.spinneret.download.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * Coverage-guided fuzzing of the socket path's HTTP/1.1 response parser ({@link ResponseReader},
 * {@link BodyReader}, {@link SocketConnection}'s line reading) and of the content decoders, with
 * Jazzer. The contract under test: whatever the server sends, parsing either returns a response
 * whose body respects {@code max_body_size} or throws an {@link IOException}; never another
 * exception, never an error, never a hang.
 *
 * <p>The input's first byte picks the request method and a content coding; the rest is what the
 * server sends. In a normal build this runs as a regression test over the kept inputs in
 * {@code src/test/resources/io/spinneret/download/http/ResponseParserFuzzTestInputs/parse/}
 * (the seeds and every input that once crashed it). Fuzzing is a command, not part of CI; see
 * docs/downloading.md ("Fuzzing the response parser").
 */
class ResponseParserFuzzTest {
    private static final long LIMIT = 64 * 1024;
    private static final DeadlineWatchdog WATCHDOG = new DeadlineWatchdog();
    private static final List<String> METHODS = List.of("GET", "HEAD", "POST", "GET");
    private static final List<String> ENCODINGS =
            List.of("", "identity", "gzip", "deflate", "br", "zstd", "x-gzip", "compress");

    @AfterAll
    static void stopWatchdog() {
        WATCHDOG.close();
    }

    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        if (input.length == 0) return;
        // the first byte picks the request method and the coding to decode with when the response names none
        String method = METHODS.get((input[0] & 0xff) % METHODS.size());
        String encoding = ENCODINGS.get(((input[0] & 0xff) >> 2) % ENCODINGS.size());
        ByteArrayInputStream wire = new ByteArrayInputStream(input, 1, input.length - 1);
        SocketConnection c = new SocketConnection("fuzz:80", wire, new ByteArrayOutputStream(), WATCHDOG);
        c.begin(System.nanoTime() + 60_000_000_000L);
        try {
            ResponseReader.Raw raw = ResponseReader.read(c, method, LIMIT, "http://fuzz/", h -> {});
            check(raw.body().length <= LIMIT, "body over the limit: " + raw.body().length);
            List<String> ce = raw.head().headers().get("content-encoding");
            String e = ce != null && !ce.isEmpty() ? ce.get(0) : encoding;
            byte[] decoded = ContentDecoder.decode(e, raw.body(), LIMIT, "http://fuzz/");
            check(decoded.length <= LIMIT, "decoded body over the limit: " + decoded.length);
        } catch (IOException expected) {
            // malformed input is reported as an IOException: that is the contract
        } finally {
            c.finish();
            c.close();
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }
}
