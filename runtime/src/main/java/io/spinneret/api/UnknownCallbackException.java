package io.spinneret.api;

import java.util.Collection;

/**
 * A request named a callback the spider does not have. Literal names are checked at compile time;
 * this catches names computed at run time.
 */
public class UnknownCallbackException extends SpinneretException {
    public UnknownCallbackException(String spider, String callback, Collection<String> known) {
        super("spider '" + spider + "' has no callback '" + callback + "'; its callbacks are " + String.join(", ", known));
    }
}
