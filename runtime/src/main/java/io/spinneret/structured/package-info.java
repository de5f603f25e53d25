/**
 * The structured data a page carries, read into one navigable form: JSON-LD ({@link JsonLd}, with
 * Jackson), HTML microdata ({@link Microdata}, over jsoup's tree, by the HTML standard's algorithm)
 * and the OpenGraph and Twitter card {@code <meta>} tags ({@link SocialMeta}).
 * {@link io.spinneret.api.Response#structuredData()} is the entry point; see docs/content.md for
 * why no extraction library is used. Depends on jsoup and Jackson only.
 */
@NullMarked
package io.spinneret.structured;

import org.jspecify.annotations.NullMarked;
