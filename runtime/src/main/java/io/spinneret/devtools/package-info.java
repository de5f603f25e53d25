/**
 * The developer tools behind {@code spinneret fetch}, {@code parse} and {@code shell} and behind the
 * test kit ({@code spinneret-test-kit}): {@link io.spinneret.devtools.PageFetcher} fetches one page
 * as a crawl would, {@link io.spinneret.devtools.CallbackRun} runs one callback on it with nothing
 * scheduled or stored. Exported only because the test kit, on the class path, must reach it: not a
 * stable API, it changes with the CLI and the test kit. Programs use {@code io.spinneret.embed}.
 */
@NullMarked
package io.spinneret.devtools;

import org.jspecify.annotations.NullMarked;
