/** The SQLite-backed, resumable frontier: {@link io.spinneret.scheduler.sqlite.SqliteScheduler}. */
@NullMarked
package io.spinneret.scheduler.sqlite;

import org.jspecify.annotations.NullMarked;
