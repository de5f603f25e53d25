package io.spinneret.download.browser;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.Cookie;
import io.spinneret.api.Request;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cookies of one render slot's browser context, kept in step with the pool's shared jars
 * ({@link BrowserJars}): before a render the context takes the jar's changes, after it the jar
 * takes the context's. The context is passed in, since the slot's page lifecycle ({@link SlotPage})
 * owns it. Used on the slot's thread only; no method throws for a cookie the browser refuses.
 */
final class SlotCookies {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class); // the slot's log

    private final int index;
    private final BrowserJars jars;
    /** The jar this slot's context holds the cookies of, and its name. */
    private @Nullable BrowserCookies cookies;

    private String jarInUse = BrowserJars.CRAWL;
    /** The version of {@link #cookies} this slot's context has taken. */
    private long cookiesSeen;
    /** The cookies this slot's context holds as far as it knows, by {@link BrowserCookies#key}. */
    private Map<String, Cookie> cookiesHeld = new HashMap<>();

    SlotCookies(int index, BrowserJars jars) {
        this.index = index;
        this.jars = jars;
    }

    /**
     * Turns this slot's context to the cookie jar of {@code request}: if it held another jar's
     * cookies (another session's), they are cleared, and the next take brings all of this jar's.
     */
    void useJarOf(Request request, @Nullable BrowserContext c) {
        String name = BrowserJars.nameOf(request);
        if (cookies != null && name.equals(jarInUse)) return;
        if (c != null && !cookiesHeld.isEmpty()) {
            try {
                c.clearCookies();
            } catch (PlaywrightException e) {
                LOG.debug(
                        "render worker {}: clearing the cookies of jar '{}': {}",
                        index,
                        jarInUse,
                        PlaywrightErrors.firstLine(e.getMessage()));
            }
        }
        cookies = jars.cookies(name);
        jarInUse = name;
        forgetHeld();
    }

    /**
     * Forgets what the context holds, for a new context (which has none of the shared cookies yet)
     * or another jar: the next take brings all of the jar's cookies.
     */
    void forgetHeld() {
        cookiesSeen = 0;
        cookiesHeld = new HashMap<>();
    }

    /**
     * Brings this slot's context up to date with the shared jar: adds the cookies set since it last
     * looked and clears those removed. Never throws: a cookie the browser refuses costs the render
     * nothing but that cookie batch (logged at debug).
     */
    void takeShared(@Nullable BrowserContext c) {
        BrowserCookies jar = cookies;
        if (c == null || jar == null) return;
        BrowserCookies.Taken fresh = jar.since(cookiesSeen);
        try {
            if (!fresh.cookies().isEmpty()) {
                c.addCookies(fresh.cookies());
                for (Cookie k : fresh.cookies()) cookiesHeld.put(BrowserCookies.key(k), k);
            }
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: adding {} shared cookies: {}",
                    index,
                    fresh.cookies().size(),
                    PlaywrightErrors.firstLine(e.getMessage()));
        }
        for (Cookie gone : fresh.removed()) {
            try {
                c.clearCookies(new BrowserContext.ClearCookiesOptions()
                        .setName(gone.name)
                        .setDomain(gone.domain)
                        .setPath(gone.path));
                cookiesHeld.remove(BrowserCookies.key(gone));
            } catch (PlaywrightException e) {
                LOG.debug(
                        "render worker {}: clearing cookie {}: {}",
                        index,
                        gone.name,
                        PlaywrightErrors.firstLine(e.getMessage()));
            }
        }
        cookiesSeen = fresh.version();
    }

    /**
     * Hands the context's cookies to the shared jar after a render; never throws. Not for the
     * context of a crashed page, which has none to give.
     */
    void share(@Nullable BrowserContext c) {
        BrowserCookies jar = cookies;
        if (c == null || jar == null) return;
        try {
            List<Cookie> now = c.cookies();
            cookiesSeen = jar.update(now, cookiesHeld, cookiesSeen);
            Map<String, Cookie> held = new HashMap<>();
            for (Cookie k : now) held.put(BrowserCookies.key(k), k);
            cookiesHeld = held;
        } catch (PlaywrightException e) {
            LOG.debug("render worker {}: reading cookies: {}", index, PlaywrightErrors.firstLine(e.getMessage()));
        }
    }
}
