/** The HTTP downloader on {@link java.net.http.HttpClient}. */
@NullMarked
package io.spinneret.download.http;

import org.jspecify.annotations.NullMarked;
