/** The small HTTP server the metrics endpoint and the live crawl page share, with its loopback-or-token rule. */
@NullMarked
package io.spinneret.observe.http;

import org.jspecify.annotations.NullMarked;
