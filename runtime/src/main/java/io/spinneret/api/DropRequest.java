package io.spinneret.api;

/**
 * Thrown by a middleware to drop a request deliberately (robots.txt disallows it, depth limit,
 * handed back to the scheduler for a retry). The engine counts it under {@link #reason()} in the
 * stats and does not count it as a failure.
 */
public class DropRequest extends SpinneretException {
    private final String reason;

    /** @param reason a short stats key, e.g. {@code robots} or {@code retry_rescheduled} */
    public DropRequest(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
