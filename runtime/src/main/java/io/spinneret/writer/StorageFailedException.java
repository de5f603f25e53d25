package io.spinneret.writer;

import io.spinneret.api.SpinneretException;

/** Storage failed even after its retries; the crawl stops and the message names the cause. */
public class StorageFailedException extends SpinneretException {
    public StorageFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
