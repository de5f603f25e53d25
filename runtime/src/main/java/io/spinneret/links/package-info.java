/**
 * Link extraction and link rules: {@link io.spinneret.links.LinkSelector} (which links of a page,
 * by region, tag, attribute, pattern and scope), {@link io.spinneret.links.Links} (the selector bound
 * to one page, what {@code Response.links()} returns), {@link io.spinneret.links.LinkRule} (a
 * selector with the callback and priority of what it follows: a spider's {@code @Follow}), and
 * {@link io.spinneret.links.PageDirectives} (what a page says about itself: robots meta, refresh,
 * canonical URL). Depends on jsoup and the annotations only, so the spider API can use it.
 */
@NullMarked
package io.spinneret.links;

import org.jspecify.annotations.NullMarked;
