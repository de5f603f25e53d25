/**
 * {@code spinneret serve}: crawls as a service. A JSON API and a web page over the spiders of a
 * folder ({@link io.spinneret.serve.ServeService}); runs, schedules and their history in SQLite
 * under the data directory ({@link io.spinneret.serve.ServeDatabase}); each run a child JVM
 * running {@code spinneret run} ({@link io.spinneret.serve.RunLauncher}), at most
 * {@code serve_max_runs} at once ({@link io.spinneret.serve.RunQueue}); cron schedules
 * ({@link io.spinneret.serve.ScheduleTicker}). See docs/serve.md.
 */
@NullMarked
package io.spinneret.serve;

import org.jspecify.annotations.NullMarked;
