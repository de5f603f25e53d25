/**
 * The {@code renderer = AUTO} decision: which way a request goes
 * ({@link io.spinneret.render.AutoChoice}), how an HTTP page is judged by what its callback looks
 * for ({@link io.spinneret.render.PageCheck}, {@link io.spinneret.render.StaticSignals}), the
 * {@link io.spinneret.render.UrlPattern} a page belongs to and, per pattern, whether plain HTTP
 * gives the callback what it needs ({@link io.spinneret.render.RenderDecisions}: judged, or from
 * samples compared by {@link io.spinneret.render.SampleComparison}; kept in the scheduler's
 * {@link io.spinneret.spi.RenderDecisionStore}). The engine fetches, runs the callbacks and
 * schedules corrections (engine's {@code AutoRendering}); the browser itself is in
 * {@code download.browser}.
 */
@NullMarked
package io.spinneret.render;

import org.jspecify.annotations.NullMarked;
