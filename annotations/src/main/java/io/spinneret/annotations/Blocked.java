package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the method of a {@link Spider} that judges whether a response means its session is
 * blocked, in place of the {@code session_blocked_statuses} setting and the built-in
 * challenge-page check. With {@code session_pool = true}, a pooled session whose response it
 * calls blocked is retired at once and the request is tried again in a fresh session (see
 * docs/sessions.md).
 *
 * <p>The one supported signature (anything else, or a second {@code @Blocked} method, is a
 * compile error): {@code boolean name(Response response)}, neither private nor static. The
 * generated dispatcher calls it directly. It runs for every response of a request in a session, so
 * it should be quick; an exception it throws fails that request.
 *
 * <pre>{@code
 * @Blocked
 * boolean blocked(Response response) {
 *     return response.status() == 403 || response.text().contains("Please log in again");
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Blocked {}
