/**
 * Running a crawl: {@link io.spinneret.engine.Crawler} (and {@link io.spinneret.engine.Crawler#of(Class)}
 * to embed one), its {@link io.spinneret.engine.CrawlResult}, the
 * {@link io.spinneret.engine.SpiderCatalog} of runnable spiders, and the engine behind them.
 */
@NullMarked
package io.spinneret.engine;

import org.jspecify.annotations.NullMarked;
