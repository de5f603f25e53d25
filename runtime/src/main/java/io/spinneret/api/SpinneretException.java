package io.spinneret.api;

/** Base of the exceptions Spinneret throws for conditions a user can act on. */
public class SpinneretException extends RuntimeException {
    public SpinneretException(String message) {
        super(message);
    }

    public SpinneretException(String message, Throwable cause) {
        super(message, cause);
    }
}
