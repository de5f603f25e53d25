package io.spinneret.internal;

import io.spinneret.api.Response;

/** A spider's {@code @Blocked} method, as the generated dispatcher hands it out: whether a response means its session is blocked. */
@FunctionalInterface
public interface BlockedCheck {
    /** @throws Exception whatever the spider's method throws */
    boolean blocked(Response response) throws Exception;
}
