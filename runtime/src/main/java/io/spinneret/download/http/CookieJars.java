package io.spinneret.download.http;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import java.net.CookieManager;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The cookie jars of a crawl: its own (null when {@code cookies_enabled} is false) and one per name
 * that requests give with {@link Request.Builder#cookieJar} (a session's jar is one of those). The
 * HTTP and browser downloaders take a request's jar from here; a named jar is made on first use,
 * whatever {@code cookies_enabled} says, since the spider asked for it. Thread-safe.
 */
public final class CookieJars {
    private final @Nullable CookieManager crawl;
    private final ConcurrentHashMap<String, CookieJar> named = new ConcurrentHashMap<>();

    /** @param crawl the crawl's own jar, or null for none */
    public CookieJars(@Nullable CookieManager crawl) {
        this.crawl = crawl;
    }

    /** A crawl's jars: its own as {@code cookies_enabled} says, no named ones yet. */
    public static CookieJars from(Settings settings) {
        return new CookieJars(settings.getBoolean(Setting.COOKIES_ENABLED) ? new CookieJar() : null);
    }

    /** The crawl's own jar, or null when cookies are off. */
    public @Nullable CookieManager crawl() {
        return crawl;
    }

    /** The jar {@code request} names, else the crawl's own (null when cookies are off). */
    public @Nullable CookieManager jarFor(Request request) {
        String name = request.cookieJar();
        return name == null ? crawl : named(name);
    }

    /** The jar named {@code name}, made empty on first use. */
    public CookieManager named(String name) {
        return named.computeIfAbsent(name, n -> new CookieJar());
    }

    /** Forgets the jar named {@code name} and its cookies, e.g. a retired session's. */
    public void forget(String name) {
        named.remove(name);
    }
}
