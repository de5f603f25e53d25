/**
 * What {@code renderer = AUTO} learns: the {@link io.spinneret.render.UrlPattern} a page belongs
 * to and, per pattern, whether plain HTTP gives the callback what the browser gives it
 * ({@link io.spinneret.render.RenderDecisions}). The engine fetches and compares; this package
 * only keeps the score.
 */
@NullMarked
package io.spinneret.render;

import org.jspecify.annotations.NullMarked;
