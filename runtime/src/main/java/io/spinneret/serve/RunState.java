package io.spinneret.serve;

import java.util.Locale;

/** Where a run is; {@link #INTERRUPTED} is a run the service stopped by stopping itself, which can be resumed. */
public enum RunState {
    QUEUED,
    RUNNING,
    FINISHED,
    FAILED,
    STOPPED,
    INTERRUPTED;

    /** As the API writes it: {@code queued}, {@code running}... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static RunState of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /** True while the run waits for its turn or has a process. */
    public boolean active() {
        return this == QUEUED || this == RUNNING;
    }

    /** True for the states a run can continue from with its saved queue: interrupted or stopped. */
    public boolean resumable() {
        return this == INTERRUPTED || this == STOPPED;
    }
}
