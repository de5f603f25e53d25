package io.spinneret.middleware;

import io.spinneret.settings.Settings;

/**
 * Makes a user's own middleware available by name to the {@code middlewares} setting. Found with
 * {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/io.spinneret.middleware.MiddlewareProvider} (or let auto-service write
 * that file). The runtime never loads a middleware class by name; the provider is the only way in.
 *
 * <pre>{@code
 * public final class TimerProvider implements MiddlewareProvider {
 *     public String name() { return "timer"; }
 *     public Middleware create(Settings settings) { return new TimerMiddleware(); }
 * }
 * // settings.toml:  middlewares = ["timer@before:throttle"]
 * }</pre>
 */
public interface MiddlewareProvider {
    /**
     * The name written in the {@code middlewares} setting, and the created middleware's name in
     * the chain: letters, digits, {@code _} and {@code -}, unique among providers and built-ins.
     */
    String name();

    /** A new middleware for one crawl with these settings; called once per crawl. */
    Middleware create(Settings settings);
}
