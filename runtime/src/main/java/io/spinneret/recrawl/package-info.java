/**
 * Re-crawls ({@code --recrawl}): what a crawl keeps of each page ({@link io.spinneret.recrawl.PageRecord}),
 * the conditional requests that revisit known pages, the change status of their responses
 * ({@link io.spinneret.recrawl.Revisits}) and when a page is due again
 * ({@link io.spinneret.recrawl.RevisitInterval}). See docs/recrawl.md.
 */
@NullMarked
package io.spinneret.recrawl;

import org.jspecify.annotations.NullMarked;
