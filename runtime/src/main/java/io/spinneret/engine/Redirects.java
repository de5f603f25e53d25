package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.Urls;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Redirects followed by the engine: a 301/302/303/307/308 with a {@code Location} becomes a new
 * request for the target, scheduled like any other (so it is deduplicated and passes through the
 * middleware). It keeps the callback, priority, renderer, depth and meta; 303, and 301/302 after a
 * POST, become a GET without body. The hop count and the chain of URLs ride along in meta.
 */
public final class Redirects {
    /** Meta key: how many redirects led to this request. */
    static final String TIMES = "redirect_times";
    /** Meta key: the URLs redirected from, oldest first. */
    public static final String URLS = "redirect_urls";

    private Redirects() {}

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
    static Optional<String> loop(Request from, Request next) {
        List<String> chain = new ArrayList<>();
        if (from.meta().get(URLS) instanceof List<?> l) for (Object u : l) chain.add(String.valueOf(u));
        if (!from.method().equals(next.method())) chain.clear(); // the hops before were another exchange
        chain.add(from.url());
        if (!from.method().equals(next.method())) chain.clear();
        String target = Urls.canonicalize(next.url());
        for (int i = 0; i < chain.size(); i++) {
            if (Urls.canonicalize(chain.get(i)).equals(target)) {
                return Optional.of(String.join(" -> ", chain.subList(i, chain.size())) + " -> " + next.url());
            }
        }
        return Optional.empty();
    }

    /** The request for the redirect target, or empty if the response has no usable Location. */
    static Optional<Request> follow(Response response) {
        Optional<String> location = response.header("Location");
        return location.isEmpty() ? Optional.empty() : follow(response, location.get());
    }

    /**
     * The request for a redirect to {@code location} (a Location header, or the target of a
     * {@code <meta http-equiv="refresh">} of a 2xx page, which becomes a GET), or empty if it is
     * not a usable URL. A blank one is no Location: the URL standard would resolve it to the page
     * itself, a redirect to nowhere new.
     */
    static Optional<Request> follow(Response response, String location) {
        if (location.isBlank()) return Optional.empty();
        Optional<String> target = Urls.resolve(response.url(), location);
        if (target.isEmpty()) return Optional.empty();
        Request from = response.request();
        int status = response.status();
        Request.Builder b = from.toBuilder().url(target.get()).retryCount(0);
        boolean toGet = (status < 300 || status == 303) && !from.method().equals("HEAD")
                || (status == 301 || status == 302) && from.method().equals("POST");
        if (toGet) b.method("GET").body((byte @Nullable []) null).removeHeader("Content-Type").removeHeader("Content-Encoding");
        List<Object> urls = new ArrayList<>();
        if (from.meta().get(URLS) instanceof List<?> l) urls.addAll(l);
        urls.add(from.url());
        return Optional.of(b.meta(TIMES, times(from) + 1).meta(URLS, urls).build());
    }
}
