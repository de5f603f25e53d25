/**
 * The extension points of a crawl, for code that plugs into the runtime rather than code that
 * writes a spider: a {@link io.spinneret.spi.Scheduler} (the frontier, with its
 * {@link io.spinneret.spi.Lease}s), a {@link io.spinneret.spi.Storage} for items, a
 * {@link io.spinneret.spi.Downloader}, and what the running crawl offers them and the middlewares
 * ({@link io.spinneret.spi.CrawlContext}, {@link io.spinneret.spi.Stats}). The built-in
 * implementations live in {@code io.spinneret.scheduler}, {@code io.spinneret.storage} and
 * {@code io.spinneret.download}, which depend on this package and never the other way round; the
 * middleware interfaces are in {@code io.spinneret.middleware}.
 */
@NullMarked
package io.spinneret.spi;

import org.jspecify.annotations.NullMarked;
