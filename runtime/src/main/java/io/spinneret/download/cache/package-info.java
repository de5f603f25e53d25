/** The HTTP cache: responses kept on disk and replayed by later crawls ({@code http_cache}). */
@NullMarked
package io.spinneret.download.cache;

import org.jspecify.annotations.NullMarked;
