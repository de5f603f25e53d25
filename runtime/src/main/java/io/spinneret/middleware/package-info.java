/**
 * The middleware chain around the downloader: the SPI ({@link io.spinneret.middleware.Middleware},
 * {@link io.spinneret.middleware.Chain}, {@link io.spinneret.middleware.MiddlewareProvider}), the
 * built-in middlewares and {@link io.spinneret.middleware.MiddlewareStack}, which puts a crawl's
 * chain together. What a middleware sees of the crawl is in {@code io.spinneret.spi}.
 */
@NullMarked
package io.spinneret.middleware;

import org.jspecify.annotations.NullMarked;
