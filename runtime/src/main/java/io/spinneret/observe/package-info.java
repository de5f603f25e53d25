/**
 * Watching a crawl: the {@link io.spinneret.observe.CrawlListener} SPI and its events, and
 * {@link io.spinneret.observe.CrawlListenerProvider} to name a listener in settings. The built-in
 * watchers (the stats file, metrics, the live crawl page, error snapshots) are listeners too, in
 * the subpackages; this package depends on none of them.
 */
@NullMarked
package io.spinneret.observe;

import org.jspecify.annotations.NullMarked;
