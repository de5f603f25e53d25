package io.spinneret.download.browser;

import org.jspecify.annotations.Nullable;

/** Reading Playwright's error messages, which carry the driver's whole call log after the part that matters. */
final class PlaywrightErrors {
    private PlaywrightErrors() {}

    /** The useful line of a Playwright error: its {@code message='...'}, else the first line. */
    static String firstLine(@Nullable String message) {
        if (message == null) return "unknown error";
        int m = message.indexOf("message='");
        String from = m >= 0 ? message.substring(m + "message='".length()) : message;
        int nl = from.indexOf('\n');
        return (nl < 0 ? from : from.substring(0, nl)).strip();
    }
}
