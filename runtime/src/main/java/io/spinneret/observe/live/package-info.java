/** The live crawl page ({@code ui}): an HTML page and a server-sent event stream of the crawl's figures. */
@NullMarked
package io.spinneret.observe.live;

import org.jspecify.annotations.NullMarked;
