/**
 * The SQL storages: {@link io.spinneret.storage.jdbc.JdbcStorage}, the shared HikariCP and batched
 * upsert base, and its dialects for SQLite, PostgreSQL and MySQL/MariaDB.
 */
@NullMarked
package io.spinneret.storage.jdbc;

import org.jspecify.annotations.NullMarked;
