/** Micrometer metrics of a crawl: the Prometheus scrape endpoint ({@code metrics}) and OTLP push ({@code metrics_otlp}). */
@NullMarked
package io.spinneret.observe.metrics;

import org.jspecify.annotations.NullMarked;
