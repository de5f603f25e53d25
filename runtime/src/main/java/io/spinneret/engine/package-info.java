/**
 * The crawl loop behind {@link io.spinneret.embed.Crawler}: the engine that leases requests,
 * fetches them through the middleware chain, runs the callbacks and stores what they emit, with
 * its limits, politeness, progress and failure records. Internal: the module does not export it,
 * and its types change without notice. Programs use {@code io.spinneret.embed}; the CLI's
 * developer tools and the test kit use {@code io.spinneret.devtools}.
 */
@NullMarked
package io.spinneret.engine;

import org.jspecify.annotations.NullMarked;
