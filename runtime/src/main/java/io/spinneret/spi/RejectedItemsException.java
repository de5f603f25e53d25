package io.spinneret.spi;

import java.io.IOException;
import java.util.List;

/**
 * Thrown by {@link Storage#write} when the data is at fault, not the storage: a null key, a value
 * the column's type or size cannot hold, a constraint of the table. Writing the same items again
 * would fail the same way, so the pipeline never retries it as it retries a transient failure: it
 * writes the batch in smaller parts to find the items at fault, and drops and counts those
 * ({@code items_dropped/rejected by storage}), or fails the crawl with {@code invalid_items = fail}.
 *
 * <p>A storage whose batch is all-or-nothing (a transaction) throws it without {@link #items()}: none
 * of the batch was written. One that wrote the rest names the rejected items.
 */
public class RejectedItemsException extends IOException {
    private final List<?> items;

    /** None of the batch was written. */
    public RejectedItemsException(String message, Throwable cause) {
        super(message, cause);
        this.items = List.of();
    }

    /** None of the batch was written. */
    public RejectedItemsException(String message) {
        super(message);
        this.items = List.of();
    }

    /** The rest of the batch was written; these items were not. */
    public RejectedItemsException(String message, List<?> rejected) {
        super(message);
        this.items = List.copyOf(rejected);
    }

    /** The items rejected while the rest was written, or empty if none of the batch was written. */
    public List<?> items() {
        return items;
    }
}
