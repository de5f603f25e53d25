package io.spinneret.api;

import java.util.Collection;
import org.jspecify.annotations.Nullable;

/**
 * A request named a callback the spider does not have. Literal names are checked at compile time;
 * this catches names computed at run time.
 */
public class UnknownCallbackException extends SpinneretException {
    public UnknownCallbackException(String spider, String callback, Collection<String> known) {
        super("spider '" + spider + "' has no callback '" + callback + "'; its callbacks are "
                + String.join(", ", known));
    }

    private UnknownCallbackException(String message) {
        super(message);
    }

    /** A request named an errback the spider does not have; {@code spider} null when unknown. */
    public static UnknownCallbackException errback(@Nullable String spider, String errback, Collection<String> known) {
        return new UnknownCallbackException((spider == null ? "the spider" : "spider '" + spider + "'")
                + " has no errback '" + errback + "'; "
                + (known.isEmpty() ? "it has no @Errback methods" : "its errbacks are " + String.join(", ", known)));
    }
}
