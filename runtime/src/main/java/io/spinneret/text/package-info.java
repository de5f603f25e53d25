/**
 * A page's main content for people and language models: the article found by a readability-style
 * algorithm (Readability4J, a port of the reader view of Firefox) and that article as Markdown
 * (flexmark's HTML-to-Markdown converter). {@link io.spinneret.api.Response#mainContent()} is the
 * entry point.
 */
@NullMarked
package io.spinneret.text;

import org.jspecify.annotations.NullMarked;
