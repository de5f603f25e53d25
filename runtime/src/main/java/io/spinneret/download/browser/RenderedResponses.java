package io.spinneret.download.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.HttpHeader;
import com.microsoft.playwright.options.ScreenshotType;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.observe.snapshot.ErrorSnapshots;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the {@link Response} of a rendered page: the navigation's status and headers, the final
 * URL, and the rendered DOM as body (see {@link BrowserDownloader}). Used on the slot's thread.
 */
final class RenderedResponses {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class); // the slot's log

    private final int index;
    private final BrowserOptions options;

    RenderedResponses(int index, BrowserOptions options) {
        this.index = index;
        this.options = options;
    }

    /** The response of {@code request}, rendered in {@code p} by the navigation {@code nav} (null if none). */
    Response of(Request request, Page p, com.microsoft.playwright.@Nullable Response nav) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int status = 200;
        if (nav != null) {
            status = nav.status();
            for (HttpHeader h : nav.headersArray()) {
                headers.computeIfAbsent(h.name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(h.value);
            }
        }
        List<String> type = headers.get("content-type");
        String contentType = type == null || type.isEmpty() ? "" : type.get(0).toLowerCase(Locale.ROOT);
        byte[] body;
        if (nav == null || contentType.isEmpty() || contentType.contains("html")) {
            // The DOM after scripts ran, serialised by Chromium in UTF-8: the headers that
            // described the original bytes no longer do.
            body = p.content().getBytes(StandardCharsets.UTF_8);
            headers.put("content-type", List.of("text/html; charset=utf-8"));
            headers.remove("content-length");
            headers.remove("content-encoding");
            headers.remove("transfer-encoding");
        } else {
            body = nav.body(); // JSON, text, XML...: the bytes as served
        }
        if (options.errorSnapshots() && (status < 200 || status >= 300)) request = withSnapshot(request, p, nav, body);
        return new Response(request, p.url(), status, headers, body);
    }

    /**
     * {@code request} with what the error snapshots keep of a page that failed besides its rendered
     * HTML: a screenshot of the viewport, and the body as the server sent it when that is not the
     * body already. Taken here, while the page is still on screen; only for a status that is not
     * 2xx, so a crawl's pages that succeed cost nothing. What Chromium cannot give is left out.
     */
    private Request withSnapshot(
            Request request, Page p, com.microsoft.playwright.@Nullable Response nav, byte[] body) {
        Request out = request;
        try {
            out = out.withMeta(
                    ErrorSnapshots.SCREENSHOT_META,
                    p.screenshot(new Page.ScreenshotOptions().setType(ScreenshotType.PNG)));
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: no screenshot of {}: {}",
                    index,
                    request.url(),
                    PlaywrightErrors.firstLine(e.getMessage()));
        }
        try {
            byte[] served = nav == null ? null : nav.body();
            if (served != null && served != body) out = out.withMeta(ErrorSnapshots.SERVED_BODY_META, served);
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: no served body of {}: {}",
                    index,
                    request.url(),
                    PlaywrightErrors.firstLine(e.getMessage()));
        }
        return out;
    }
}
