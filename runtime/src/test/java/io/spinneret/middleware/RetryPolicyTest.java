package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.PermanentFailureException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.net.ConnectException;
import java.net.MalformedURLException;
import java.net.http.HttpTimeoutException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    private final RetryPolicy policy = new RetryPolicy(3, Set.of(408), Duration.ofMillis(100), Duration.ofMillis(1000));

    @Test
    void retriesEvery5xxAnd429AndTheConfiguredCodes() {
        for (int s : new int[] {500, 501, 503, 599, 429, 408}) assertTrue(policy.retryable(s), "status " + s);
        for (int s : new int[] {200, 301, 304, 400, 403, 404, 410}) assertFalse(policy.retryable(s), "status " + s);
    }

    @Test
    void backoffDoublesWithJitterBetweenHalfAndAllAndIsCapped() {
        long[][] bounds = {{50, 100}, {100, 200}, {200, 400}, {400, 800}, {500, 1000}, {500, 1000}};
        for (int n = 0; n < bounds.length; n++) {
            for (int i = 0; i < 200; i++) {
                long ms = policy.jittered(n).toMillis();
                assertTrue(ms >= bounds[n][0] && ms <= bounds[n][1], "retry " + n + ": " + ms + " ms");
            }
        }
        long huge = policy.jittered(1_000_000).toMillis();
        assertTrue(huge >= 500 && huge <= 1000, "huge retry counts stay at the cap, no overflow: " + huge);
    }

    @Test
    void jitterSpreadsRetriesThatFailedTogether() {
        long distinct = IntStream.range(0, 50)
                .mapToLong(i -> policy.jittered(2).toNanos())
                .distinct()
                .count();
        assertTrue(distinct > 10, "only " + distinct + " distinct waits out of 50");
    }

    @Test
    void retryAfterAcceptsSecondsAndHttpDates() {
        Instant now = Instant.parse("2025-01-01T00:00:00Z");
        assertEquals(Optional.of(Duration.ofSeconds(7)), RetryPolicy.retryAfter(" 7 ", now));
        String date =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(now.plusSeconds(30).atOffset(ZoneOffset.UTC));
        assertEquals(Optional.of(Duration.ofSeconds(30)), RetryPolicy.retryAfter(date, now));
        assertEquals(Optional.of(Duration.ZERO), RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now));
        assertEquals(Optional.empty(), RetryPolicy.retryAfter("soon", now));
        assertEquals(Optional.empty(), RetryPolicy.retryAfter("", now));
    }

    @Test
    void retryAfterRaisesTheWaitOnlyFor429And503AndNeverPastTheCap() {
        Response tooMany = response(429, "0.5");
        assertEquals(Duration.ofSeconds(1), policy.delay(0, response(429, "60")), "capped at retry_backoff_max");
        assertTrue(policy.delay(0, response(503, "1")).compareTo(Duration.ofMillis(1000)) == 0);
        assertTrue(policy.delay(0, response(500, "1")).toMillis() <= 100, "500 ignores Retry-After");
        assertTrue(policy.delay(0, tooMany).toMillis() <= 100, "unparseable Retry-After falls back to the backoff");
    }

    private static Response response(int status, String retryAfter) {
        return new Response(
                Request.of("http://h/"), "http://h/", status, Map.of("Retry-After", List.of(retryAfter)), new byte[0]);
    }

    @Test
    void aDownloadersWrappingIsSeenThroughToTheRealCause() {
        var wrapped = new IOException("ConnectException for http://h/", new ConnectException());
        assertEquals(ConnectException.class, RetryPolicy.rootCause(wrapped).getClass());
        assertEquals("ConnectException", RetryPolicy.describe(wrapped));
        var timeout = new HttpTimeoutException("download of http://h/ timed out after 30s");
        assertEquals("HttpTimeoutException: download of http://h/ timed out after 30s", RetryPolicy.describe(timeout));
        assertEquals("IOException: body over 16 MB", RetryPolicy.describe(new IOException("body over 16 MB")));
    }

    @Test
    void failuresNoAttemptCanMendArePermanentThroughTheDownloadersWrapping() {
        var untrusted = new SSLHandshakeException("PKIX path building failed");
        untrusted.initCause(new CertificateException("unable to find valid certification path"));
        assertTrue(RetryPolicy.permanent(new IOException("TLS handshake failed for http://h/", untrusted)));
        assertTrue(RetryPolicy.permanent(new SSLPeerUnverifiedException("peer not authenticated")));
        assertTrue(RetryPolicy.permanent(new MalformedURLException("port 99999 out of range")));
        assertTrue(RetryPolicy.permanent(new PermanentFailureException("larger than max_body_size")));
        assertFalse(RetryPolicy.permanent(new ConnectException("Connection refused")));
        assertFalse(
                RetryPolicy.permanent(new SSLHandshakeException("Remote host terminated the handshake")),
                "a handshake cut short is a network failure, worth another attempt");
        assertFalse(RetryPolicy.permanent(new HttpTimeoutException("timed out")));
    }
}
