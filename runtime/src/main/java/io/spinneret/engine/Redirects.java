package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.Urls;
import io.spinneret.links.PageDirectives;
import io.spinneret.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one redirect decision, taken by the crawl ({@link RequestProcessor}) and by every fetch
 * outside it ({@link FetchLoop}: {@code fetch}, {@code parse}, the shell, inline fetches): whether
 * a response leads elsewhere, and where. A 301/302/303/307/308 with a {@code Location}, or a 2xx
 * HTML page whose {@code <meta http-equiv="refresh">} is to be followed ({@code meta_refresh},
 * {@code meta_refresh_max_delay}, a target other than the page), becomes a new request for the
 * target; too many hops ({@code max_redirects}), no or an unusable {@code Location}, and a loop
 * are refused with the reason. The new request keeps the callback, priority, renderer, depth and
 * meta; 303, a meta refresh, and 301/302 after a POST, become a GET without body. The hop count and
 * the chain of URLs ride along in meta. Each hop is a request of its own through the whole chain,
 * so the downloader checks it against {@code network_boundary} and the caller against
 * {@code allowed_domains}. Thread-safe.
 */
public final class Redirects {
    /** Meta key: how many redirects led to this request. */
    static final String TIMES = "redirect_times";
    /** Meta key: the URLs redirected from, oldest first. */
    public static final String URLS = "redirect_urls";
    /** Stats: redirects followed, and those refused. */
    static final String STAT = "redirects", STAT_FAILED = "redirects/failed";

    /** What a response leads to. */
    public sealed interface Decision {}

    /** The response is the final one: no redirect, or a meta refresh that is not followed. */
    public record Final() implements Decision {}

    /** The response redirects to {@code next}. */
    public record Follow(Request next) implements Decision {}

    /** The response redirects but cannot be followed, for the reason {@code why} (a failure of the request). */
    public record Refused(String why) implements Decision {}

    private static final Final FINAL = new Final();

    private final int maxRedirects;
    private final boolean metaRefresh;
    private final double maxRefreshDelay;

    public Redirects(Settings settings) {
        this.maxRedirects = settings.getInt(Setting.MAX_REDIRECTS);
        this.metaRefresh = settings.getBoolean(Setting.META_REFRESH);
        this.maxRefreshDelay = settings.getDouble(Setting.META_REFRESH_MAX_DELAY);
    }

    /** Where {@code response} leads: the 3xx's {@code Location}, the meta refresh of a 2xx page, or nowhere. */
    public Decision decide(Response response) {
        int status = response.status();
        String location;
        if (isRedirect(status)) {
            location = response.header("Location").orElse("");
        } else if (status >= 200 && status < 300) {
            Optional<String> refresh = refresh(response);
            if (refresh.isEmpty()) return FINAL;
            location = refresh.get();
        } else {
            return FINAL;
        }
        Request from = response.request();
        if (times(from) >= maxRedirects)
            return new Refused("too many redirects (" + maxRedirects + "); last Location: " + location);
        Optional<Request> next = follow(response, location);
        if (next.isEmpty()) {
            return new Refused(status + " redirect with "
                    + (location.isBlank() ? "no Location" : "an unusable Location: " + location));
        }
        Optional<String> loop = loop(from, next.get());
        return loop.isPresent() ? new Refused("redirect loop: " + loop.get()) : new Follow(next.get());
    }

    /**
     * The target of the page's meta refresh, when it is to be followed instead of parsing the page:
     * a delay within the bound and a target other than the page itself.
     */
    private Optional<String> refresh(Response page) {
        if (!metaRefresh) return Optional.empty();
        return page.metaRefresh()
                .filter(r -> r.delay() <= maxRefreshDelay)
                .map(PageDirectives.Refresh::target)
                .filter(t -> !Urls.canonicalize(t).equals(Urls.canonicalize(page.url())));
    }

    static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** Hops already taken to reach {@code r}. */
    static int times(Request r) {
        return r.meta().get(TIMES) instanceof Number n ? n.intValue() : 0;
    }

    /**
     * The hops that lead back to where they started, {@code A -> B -> A}, when {@code next} (the
     * target of a redirect from {@code from}) is {@code from} itself or one of the URLs redirected
     * from on the way to it; empty if it is a new URL. URLs are compared canonicalised. A POST
     * answered by a 303 to its own URL (post, redirect, get) is no loop: the method changed.
     */
    private static Optional<String> loop(Request from, Request next) {
        if (!from.method().equals(next.method())) return Optional.empty(); // the hops before were another exchange
        List<String> chain = new ArrayList<>();
        if (from.meta().get(URLS) instanceof List<?> l) for (Object u : l) chain.add(String.valueOf(u));
        chain.add(from.url());
        String target = Urls.canonicalize(next.url());
        for (int i = 0; i < chain.size(); i++) {
            if (Urls.canonicalize(chain.get(i)).equals(target)) {
                return Optional.of(String.join(" -> ", chain.subList(i, chain.size())) + " -> " + next.url());
            }
        }
        return Optional.empty();
    }

    /**
     * The request for a redirect to {@code location} (a Location header, or the target of a
     * {@code <meta http-equiv="refresh">} of a 2xx page, which becomes a GET), or empty if it is
     * not a usable URL. A blank one is no Location: the URL standard would resolve it to the page
     * itself, a redirect to nowhere new.
     */
    private static Optional<Request> follow(Response response, String location) {
        if (location.isBlank()) return Optional.empty();
        Optional<String> target = Urls.resolve(response.url(), location);
        if (target.isEmpty()) return Optional.empty();
        Request from = response.request();
        int status = response.status();
        Request.Builder b = from.toBuilder().url(target.get()).retryCount(0);
        boolean toGet = (status < 300 || status == 303) && !from.method().equals("HEAD")
                || (status == 301 || status == 302) && from.method().equals("POST");
        if (toGet)
            b.method("GET")
                    .body((byte @Nullable []) null)
                    .removeHeader("Content-Type")
                    .removeHeader("Content-Encoding");
        List<Object> urls = new ArrayList<>();
        if (from.meta().get(URLS) instanceof List<?> l) urls.addAll(l);
        urls.add(from.url());
        return Optional.of(b.meta(TIMES, times(from) + 1).meta(URLS, urls).build());
    }
}
