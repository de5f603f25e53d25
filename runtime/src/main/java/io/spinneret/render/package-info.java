/**
 * The {@code renderer = AUTO} decision: which way a request goes
 * ({@link io.spinneret.render.AutoChoice}), the {@link io.spinneret.render.UrlPattern} a page
 * belongs to and, per pattern, whether plain HTTP gives the callback what the browser gives it
 * ({@link io.spinneret.render.RenderDecisions}, from samples compared by
 * {@link io.spinneret.render.SampleComparison}). The engine fetches, runs the callbacks and
 * schedules corrections (engine's {@code AutoRendering}); the browser itself is in
 * {@code download.browser}.
 */
@NullMarked
package io.spinneret.render;

import org.jspecify.annotations.NullMarked;
