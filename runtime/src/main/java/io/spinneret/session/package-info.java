/**
 * Sessions: a cookie jar, a proxy and a user agent bound together, kept in the frontier's
 * {@link io.spinneret.spi.SessionStore} ({@link io.spinneret.session.MemorySessionStore} here; SQLite
 * and Redis beside their schedulers), handed out and retired by {@link io.spinneret.session.SessionPool},
 * blocked responses recognised by {@link io.spinneret.session.BlockedJudge}. The
 * {@code SessionMiddleware} puts requests into them. See docs/sessions.md.
 */
@NullMarked
package io.spinneret.session;

import org.jspecify.annotations.NullMarked;
