package io.spinneret.spi;

import java.io.IOException;

/**
 * A batch a {@link Storage} refuses for what its items hold, not for the state of the storage: a
 * null key, a value of the wrong type, a value the column cannot take, a constraint the table
 * enforces. Writing the same items again fails the same way, so the pipeline never retries it: the
 * crawl stops with this message at once.
 */
public class ItemsRejectedException extends IOException {
    public ItemsRejectedException(String message, Throwable cause) {
        super(message, cause);
    }

    public ItemsRejectedException(String message) {
        super(message);
    }
}
