/** What spider code uses: {@link io.spinneret.api.Request}, {@link io.spinneret.api.Response}, {@link io.spinneret.api.Crawl}. */
@NullMarked
package io.spinneret.api;

import org.jspecify.annotations.NullMarked;
