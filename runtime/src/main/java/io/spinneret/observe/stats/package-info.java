/** The crawl's tallies that listeners share (per domain, per status, latency percentiles) and the {@code stats_file} listener. */
@NullMarked
package io.spinneret.observe.stats;

import org.jspecify.annotations.NullMarked;
