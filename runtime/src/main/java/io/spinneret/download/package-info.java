/**
 * The built-in downloaders (plain HTTP and the browser, in subpackages) and the
 * {@link io.spinneret.download.DownloaderRouter} that sends each request to the one its renderer
 * names. The contract they implement is {@link io.spinneret.spi.Downloader}.
 */
@NullMarked
package io.spinneret.download;

import org.jspecify.annotations.NullMarked;
