package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.session.SessionPool;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.SharedThrottle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The middleware chain of a crawl: the built-ins in their documented order, plus the user's own at
 * the positions they chose. First = outermost: it sees the request first and the response (or
 * failure) last.
 *
 * <pre>
 * retry -&gt; session -&gt; robots -&gt; user_agent -&gt; proxy -&gt; throttle -&gt; [downloader]
 * </pre>
 *
 * With {@code http_cache} on, the {@link HttpCacheMiddleware} comes before them all, whatever the
 * positions of the user's own: a kept response is replayed before anything else sees the request.
 * Retry is outermost of the five so that it decides last: on the way back the proxy middleware has already put a
 * dead proxy into cooldown when the retry schedules the next attempt. Throttle is innermost so its
 * delay separates real downloads. The session middleware ({@link SessionMiddleware}) binds a request
 * to its session's cookie jar, proxy and user agent before the user-agent and proxy middlewares see it.
 * All six are always in the chain (each passes requests straight
 * through when its settings switch it off), so positions relative to them always resolve.
 *
 * <h2>Adding your own</h2>
 * By position, never by priority number. In settings ({@code settings.toml}, the spider's
 * {@code @Spider(settings = ...)}, or {@code -s} on the command line), {@code middlewares} lists
 * names of {@link MiddlewareProvider}s, each optionally with a position: {@code first},
 * {@code last} (the default: innermost, next to the downloader), {@code before:<name>} or
 * {@code after:<name>}, where the name is a built-in or an entry earlier in the list:
 *
 * <pre>
 * middlewares = ["timer@before:throttle", "audit@first", "cache"]
 * </pre>
 *
 * In code, with the same positions:
 *
 * <pre>{@code
 * List<Middleware> chain = MiddlewareStack.builder(settings)
 *         .before("throttle", Middleware.named("timer", new TimerMiddleware()))
 *         .build();
 * }</pre>
 *
 * The effective chain is logged at debug level when it is built.
 */
public final class MiddlewareStack {
    private static final Logger LOG = LoggerFactory.getLogger(MiddlewareStack.class);

    /** The built-ins' names, outermost first. */
    public static final List<String> BUILT_INS = List.of(
            RetryMiddleware.NAME,
            SessionMiddleware.NAME,
            RobotsMiddleware.NAME,
            UserAgentMiddleware.NAME,
            ProxyMiddleware.NAME,
            ThrottleMiddleware.NAME);

    private MiddlewareStack() {}

    /**
     * The effective chain for a crawl with these settings: built-ins plus the {@code middlewares}
     * setting, whose providers are found on the thread's context class loader.
     *
     * @throws InvalidSettingException for an unknown middleware name or position
     */
    public static List<Middleware> build(Settings settings) {
        return build(settings, contextLoader());
    }

    /** As {@link #build(Settings)}, finding providers with {@code loader} (e.g. the spiders' class loader). */
    public static List<Middleware> build(Settings settings, ClassLoader loader) {
        return build(settings, loader, null);
    }

    /**
     * As {@link #build(Settings, ClassLoader)}, with the throttle holding its limits across the
     * nodes of a shared crawl if {@code shared} is given (see {@link ThrottleMiddleware}).
     */
    public static List<Middleware> build(Settings settings, ClassLoader loader, @Nullable SharedThrottle shared) {
        return build(settings, loader, shared, null);
    }

    /**
     * As {@link #build(Settings, ClassLoader, SharedThrottle)}, with requests run in the sessions of
     * {@code sessions} (see {@link SessionMiddleware}); null: requests run in none.
     */
    public static List<Middleware> build(
            Settings settings, ClassLoader loader, @Nullable SharedThrottle shared, @Nullable SessionPool sessions) {
        return new Builder(settings, shared, sessions).fromSettings(loader).build();
    }

    /** A builder holding the built-ins configured by {@code settings}, in the default order. */
    public static Builder builder(Settings settings) {
        return new Builder(settings, null, null);
    }

    /** One line naming a chain, e.g. {@code retry(3 times) -> robots(as spinneret) -> ... -> [downloader]}. */
    public static String describe(List<Middleware> chain) {
        return chain.stream().map(MiddlewareStack::label).collect(Collectors.joining(" -> ", "", " -> [downloader]"));
    }

    /**
     * {@code chain} without the retry middleware: for downloads whose caller handles a failure
     * itself (an item's files, which the files pipeline retries; the rendered sample of an
     * {@code AUTO} page, which falls back to its HTTP response) rather than have it rescheduled as a page.
     */
    public static List<Middleware> withoutRetry(List<Middleware> chain) {
        return chain.stream().filter(m -> !(m instanceof RetryMiddleware)).toList();
    }

    private static String label(Middleware m) {
        String s = m.toString();
        return s.startsWith(m.name()) ? s : m.name();
    }

    private static ClassLoader contextLoader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : MiddlewareStack.class.getClassLoader();
    }

    /** Assembles a chain by position. Not thread-safe; {@link #build} returns an immutable list. */
    public static final class Builder {
        private final Settings settings;
        private final List<Middleware> chain = new ArrayList<>();
        private final @Nullable HttpCacheMiddleware cache;

        private Builder(Settings settings, @Nullable SharedThrottle shared, @Nullable SessionPool sessions) {
            this.settings = settings;
            this.cache = HttpCacheMiddleware.from(settings);
            RetryPolicy retry = RetryPolicy.from(settings);
            ThrottleMiddleware throttle = ThrottleMiddleware.from(settings, shared);
            UserAgentMiddleware agents = UserAgentMiddleware.from(settings);
            ProxyPool proxies = ProxyPool.from(settings);
            chain.add(new RetryMiddleware(retry, settings.getInt(Setting.RETRY_PAUSE_DOMAIN_AFTER)));
            chain.add(new SessionMiddleware(sessions, proxies, agents));
            chain.add(RobotsMiddleware.from(settings, agents.productTokens(), retry, throttle::raiseDelay));
            chain.add(agents);
            chain.add(new ProxyMiddleware(proxies));
            chain.add(throttle);
        }

        /** Adds {@code m} outermost, before retry. */
        public Builder first(Middleware m) {
            checkNew(m);
            chain.add(0, m);
            return this;
        }

        /** Adds {@code m} innermost, next to the downloader. */
        public Builder add(Middleware m) {
            checkNew(m);
            chain.add(m);
            return this;
        }

        /** Adds {@code m} just outside (before, on the request side) the middleware named {@code anchor}. */
        public Builder before(String anchor, Middleware m) {
            checkNew(m);
            chain.add(indexOf(anchor), m);
            return this;
        }

        /** Adds {@code m} just inside (after, on the request side) the middleware named {@code anchor}. */
        public Builder after(String anchor, Middleware m) {
            checkNew(m);
            chain.add(indexOf(anchor) + 1, m);
            return this;
        }

        /** Replaces the middleware named {@code name} (a built-in, say) with {@code m}, in its place. */
        public Builder replace(String name, Middleware m) {
            int i = indexOf(name);
            if (!m.name().equals(name)) checkNew(m);
            chain.set(i, m);
            return this;
        }

        /**
         * Adds {@code m} at a position as written in the {@code middlewares} setting: {@code first},
         * {@code last}, {@code before:<name>} or {@code after:<name>}.
         */
        public Builder at(String position, Middleware m) {
            String p = position.strip();
            if (p.equals("first")) return first(m);
            if (p.equals("last") || p.isEmpty()) return add(m);
            if (p.startsWith("before:")) return before(p.substring(7).strip(), m);
            if (p.startsWith("after:")) return after(p.substring(6).strip(), m);
            throw new InvalidSettingException("middleware " + m.name() + ": unknown position '" + position
                    + "'; use first, last, before:<name> or after:<name>");
        }

        /**
         * Adds the middlewares named in the {@code middlewares} setting, in order, each created by the
         * {@link MiddlewareProvider} of that name found through {@link ServiceLoader} on {@code loader}.
         *
         * @throws InvalidSettingException for an unknown name or position
         */
        public Builder fromSettings(ClassLoader loader) {
            List<String> entries = settings.getList(Setting.MIDDLEWARES);
            if (entries.isEmpty()) return this;
            Map<String, MiddlewareProvider> providers = providers(loader);
            String origin = settings.value(Setting.MIDDLEWARES).origin();
            for (String entry : entries) {
                int at = entry.indexOf('@');
                String name = (at < 0 ? entry : entry.substring(0, at)).strip();
                String position = at < 0 ? "last" : entry.substring(at + 1);
                MiddlewareProvider provider = providers.get(name);
                if (provider == null) {
                    throw new InvalidSettingException("middlewares: no middleware named '" + name + "' (in " + origin
                            + "); known: "
                            + (providers.isEmpty()
                                    ? "none (register a MiddlewareProvider)"
                                    : String.join(", ", providers.keySet())));
                }
                Middleware created = provider.create(settings);
                at(position, created.name().equals(name) ? created : Middleware.named(name, created));
            }
            return this;
        }

        /** The chain, outermost first (the HTTP cache, when on, first of all); logged at debug level. */
        public List<Middleware> build() {
            List<Middleware> all = new ArrayList<>(chain.size() + 1);
            if (cache != null) all.add(cache);
            all.addAll(chain);
            List<Middleware> result = List.copyOf(all);
            // described only when it is logged: the labels cost a crawl's start-up some milliseconds
            if (LOG.isDebugEnabled()) LOG.debug("middleware chain: {}", describe(result));
            return result;
        }

        private static Map<String, MiddlewareProvider> providers(ClassLoader loader) {
            Map<String, MiddlewareProvider> byName = new TreeMap<>();
            try {
                for (MiddlewareProvider p : ServiceLoader.load(MiddlewareProvider.class, loader)) {
                    MiddlewareProvider clash = byName.putIfAbsent(p.name(), p);
                    if (clash != null && clash.getClass() != p.getClass()) {
                        throw new InvalidSettingException("two middleware providers are named '" + p.name() + "': "
                                + clash.getClass().getName() + " and "
                                + p.getClass().getName());
                    }
                }
            } catch (ServiceConfigurationError e) {
                throw new InvalidSettingException("cannot load middleware providers: " + e.getMessage());
            }
            return byName;
        }

        private int indexOf(String name) {
            for (int i = 0; i < chain.size(); i++) if (chain.get(i).name().equals(name)) return i;
            throw new InvalidSettingException("no middleware named '" + name + "' to position against; the chain is "
                    + chain.stream().map(Middleware::name).collect(Collectors.joining(", ")));
        }

        private void checkNew(Middleware m) {
            for (Middleware x : chain) {
                if (x.name().equals(m.name())) {
                    throw new InvalidSettingException("a middleware named '" + m.name() + "' is already in the chain");
                }
            }
        }
    }
}
