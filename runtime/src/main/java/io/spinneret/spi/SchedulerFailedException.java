package io.spinneret.spi;

import io.spinneret.api.SpinneretException;
import org.jspecify.annotations.Nullable;

/**
 * The scheduler, or the shared store of a distributed crawl behind it (its throttle, budgets,
 * sessions), failed for good: the crawl cannot go on. The request that was running when it
 * happened did not fail: its lease stays unacknowledged and a resumed crawl does it again.
 */
public class SchedulerFailedException extends SpinneretException {
    public SchedulerFailedException(String message, @Nullable Throwable cause) {
        super(message);
        if (cause != null) initCause(cause);
    }

    /** The scheduler failure in {@code e}'s causes, or null: a request that failed on its own. */
    public static @Nullable SchedulerFailedException in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SchedulerFailedException f) return f;
            if (t.getCause() == t) break;
        }
        return null;
    }
}
