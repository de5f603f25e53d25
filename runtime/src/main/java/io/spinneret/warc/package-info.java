/**
 * WARC output ({@code warc_output}, {@code -o crawl.warc.gz}): every HTTP exchange of a crawl as
 * WARC 1.1 records, written with jwarc. The downloaders report exchanges through
 * {@link io.spinneret.spi.ExchangeListener}; the engine knows nothing of this.
 */
@NullMarked
package io.spinneret.warc;

import org.jspecify.annotations.NullMarked;
