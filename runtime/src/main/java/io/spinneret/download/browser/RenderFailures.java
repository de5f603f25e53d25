package io.spinneret.download.browser;

import com.microsoft.playwright.PlaywrightException;
import io.spinneret.api.Request;
import java.io.IOException;
import java.net.http.HttpTimeoutException;

/**
 * Turns what went wrong in a render into the exception its caller gets, and repairs what broke
 * in the slot's {@link SlotPage} on the way. Used on the slot's thread only.
 */
final class RenderFailures {
    private final BrowserOptions options;
    private final SlotPage slot;

    RenderFailures(BrowserOptions options, SlotPage slot) {
        this.options = options;
        this.slot = slot;
    }

    /** A render that ran out of {@code browser_timeout} waiting for {@code phase}; the page is replaced. */
    HttpTimeoutException timedOut(Request request, String phase) {
        slot.replace(false); // the old one may still be loading, or stuck in a script
        return new HttpTimeoutException(
                "rendering " + request.url() + " timed out after " + timeoutSeconds() + " s waiting for " + phase);
    }

    /**
     * Turns a Playwright error into an IOException, and repairs what broke.
     *
     * @param rescued whether the watchdog stopped the slot's driver during this render (see {@link
     *     RenderWorker#rescueIfStuck})
     */
    IOException failed(Request request, PlaywrightException e, boolean rescued) throws InterruptedException {
        String why = PlaywrightErrors.firstLine(e.getMessage());
        if (rescued) {
            slot.disconnect(); // our driver was stopped to get us out of the stuck call; start afresh
            return new HttpTimeoutException("rendering " + request.url() + " did not finish within "
                    + timeoutSeconds()
                    + " s: the page kept its script thread busy, so it was discarded");
        }
        if (slot.browserCrashed()) {
            slot.disconnectBrowser();
            return new IOException(
                    "the browser crashed while rendering " + request.url() + " (" + why
                            + "); it is restarted for the next request",
                    e);
        }
        if (slot.pageBroken()) {
            slot.replace(true);
            return new IOException(
                    "the page crashed while rendering " + request.url() + " (" + why + "); it was replaced", e);
        }
        return new IOException("rendering " + request.url() + " failed: " + why, e);
    }

    private double timeoutSeconds() {
        return options.timeout().toMillis() / 1000.0;
    }
}
