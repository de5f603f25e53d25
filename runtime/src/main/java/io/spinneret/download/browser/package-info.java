/**
 * Rendering requests in a shared headless Chromium through playwright-java: {@link
 * io.spinneret.download.browser.BrowserDownloader} is the {@code BROWSER} entry of the download
 * router, started on the first request whose renderer is {@code BROWSER}.
 */
@NullMarked
package io.spinneret.download.browser;

import org.jspecify.annotations.NullMarked;
