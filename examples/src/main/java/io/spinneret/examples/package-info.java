/**
 * The example spiders: {@code books} and {@code quotes} for the toscrape.com practice sites, and
 * {@link io.spinneret.examples.Main}, which runs them against the bundled replica of those sites.
 */
@NullMarked
package io.spinneret.examples;

import org.jspecify.annotations.NullMarked;
