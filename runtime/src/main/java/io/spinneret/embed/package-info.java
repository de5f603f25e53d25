/**
 * Running a crawl from a program: {@link io.spinneret.embed.Crawler} (and
 * {@link io.spinneret.embed.Crawler#of(Class)} to embed one), its
 * {@link io.spinneret.embed.CrawlResult}, the items an {@link io.spinneret.embed.EmbeddedCrawl}
 * collects ({@link io.spinneret.embed.CrawlOutput}), and the {@link io.spinneret.embed.SpiderCatalog}
 * of runnable spiders. For programs that embed Spinneret; the engine behind these types is not
 * exported.
 */
@NullMarked
package io.spinneret.embed;

import org.jspecify.annotations.NullMarked;
