package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;

/** The reason a failure is logged and handed to errbacks with: one line, without the URL said twice. */
class FailureReasonTest {
    static final String URL = "http://h.example/a";

    @Test
    void theDownloadersForUrlSuffixIsLeftOutSinceTheLogLineNamesTheUrl() {
        assertEquals("connection refused", FailureLog.reason(new IOException("connection refused for " + URL), URL));
        assertEquals(
                "HttpTimeoutException: download timed out after 30s",
                FailureLog.reason(new HttpTimeoutException("download of " + URL + " timed out after 30s"), URL));
    }

    @Test
    void otherUrlsAndMessagelessExceptionsAreKept() {
        assertEquals(
                "not sent: http://h.example/robots.txt is unavailable",
                FailureLog.reason(new IOException("not sent: http://h.example/robots.txt is unavailable"), URL));
        assertEquals(
                "connection refused for " + URL + "b",
                FailureLog.reason(new IOException("connection refused for " + URL + "b"), URL));
        assertEquals("IllegalStateException", FailureLog.reason(new IllegalStateException(), URL));
        assertEquals("IllegalStateException: boom", FailureLog.reason(new IllegalStateException("boom"), URL));
    }
}
