package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.api.PermanentFailureException;
import io.spinneret.api.Response;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.net.MalformedURLException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.jspecify.annotations.Nullable;

/**
 * When a failed download is tried again and how long to wait first: shared by
 * {@link RetryMiddleware} and the robots.txt fetch of {@link RobotsMiddleware}. Immutable and
 * thread-safe.
 *
 * <p>Retried: connection errors and timeouts (an {@link java.io.IOException} from the
 * downloader), every 5xx, 429, and the statuses in {@code retry_http_codes}. The wait before retry
 * {@code n} (0-based) is {@code retry_backoff * 2^n}, capped at {@code retry_backoff_max}, with
 * "equal jitter" (uniform between half and all of it) so that many requests failing together do not
 * come back together. A {@code Retry-After} header on a 429 or 503 (seconds or an HTTP date) raises
 * the wait to what the server asked for, still capped at {@code retry_backoff_max}.
 *
 * <p>Never retried, whatever the settings ({@link #permanent}): a URL the downloader cannot fetch
 * at all ({@link java.net.MalformedURLException}: malformed, not http(s), no host, a port out of
 * range), a {@link io.spinneret.api.PermanentFailureException} (a body over {@code max_body_size},
 * also when refused from its {@code Content-Length}), and a TLS handshake that failed on the
 * certificate (not trusted, expired, for another host). Another attempt would fail the same way.
 *
 * @param times retries after the first attempt; 0 disables retrying
 * @param codes statuses retried besides 5xx and 429
 */
public record RetryPolicy(int times, Set<Integer> codes, Duration backoff, Duration backoffMax) {

    public RetryPolicy {
        if (times < 0) throw new IllegalArgumentException("retry_times must be >= 0, got " + times);
        codes = Set.copyOf(codes);
    }

    /** The policy configured by {@code retry_times}, {@code retry_http_codes}, {@code retry_backoff(_max)}. */
    public static RetryPolicy from(Settings settings) {
        Set<Integer> codes = new HashSet<>();
        for (String c : settings.getList(Setting.RETRY_HTTP_CODES)) {
            try {
                codes.add(Integer.parseInt(c));
            } catch (NumberFormatException e) {
                throw new InvalidSettingException("retry_http_codes expects HTTP status numbers, got \"" + c + "\"");
            }
        }
        return new RetryPolicy(
                settings.getInt(Setting.RETRY_TIMES),
                codes,
                settings.getDuration(Setting.RETRY_BACKOFF),
                settings.getDuration(Setting.RETRY_BACKOFF_MAX));
    }

    /** True if a response with this status is worth another attempt. */
    public boolean retryable(int status) {
        return status >= 500 && status <= 599 || status == 429 || codes.contains(status);
    }

    /**
     * How long to wait before retry number {@code retryCount + 1} of a request that has already
     * been retried {@code retryCount} times, after {@code response} (null after a connection error).
     */
    public Duration delay(int retryCount, @Nullable Response response) {
        Duration wait = jittered(retryCount);
        if (response != null && (response.status() == 429 || response.status() == 503)) {
            Optional<Duration> asked = response.header("Retry-After").flatMap(v -> retryAfter(v, Instant.now()));
            if (asked.isPresent() && asked.get().compareTo(wait) > 0) wait = asked.get();
        }
        return wait.compareTo(backoffMax) > 0 ? backoffMax : wait;
    }

    /** The exponential backoff of retry {@code retryCount}, with jitter, capped. */
    Duration jittered(int retryCount) {
        long max = backoffMax.toNanos();
        long full = Math.min(backoff.toNanos(), max);
        for (int i = 0; i < retryCount && full < max; i++)
            full = Math.min(max, full * 2); // no overflow: stops at the cap
        long half = full / 2;
        return Duration.ofNanos(
                half + (full - half > 0 ? ThreadLocalRandom.current().nextLong(full - half + 1) : 0));
    }

    /**
     * Parses a {@code Retry-After} value: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
     * A date in the past means no wait. Empty if it is neither.
     */
    static Optional<Duration> retryAfter(String value, Instant now) {
        String v = value.trim();
        if (v.isEmpty()) return Optional.empty();
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
            } catch (NumberFormatException e) {
                return Optional.of(Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L)); // absurdly large: capped later
            }
        }
        try {
            Instant at =
                    ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * True if {@code e} is a failure another attempt cannot mend (see the class comment). Looks
     * through the causes: downloaders wrap what the TLS layer threw.
     */
    public static boolean permanent(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MalformedURLException
                    || t instanceof PermanentFailureException
                    || t instanceof SSLPeerUnverifiedException
                    || t instanceof CertificateException
                    || t instanceof CertPathValidatorException) {
                return true;
            }
        }
        return false;
    }

    /**
     * The exception that says what went wrong: downloaders wrap connection errors in a plain
     * {@link java.io.IOException} that adds the URL, so this unwraps those to the specific cause
     * ({@code ConnectException}, {@code HttpTimeoutException}, ...).
     */
    static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getClass() == IOException.class && t.getCause() instanceof IOException c && c != t) t = c;
        return t;
    }

    /** {@code ConnectException} or {@code ConnectException: Connection refused}, for messages. */
    static String describe(Throwable e) {
        Throwable t = rootCause(e);
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
    }
}
