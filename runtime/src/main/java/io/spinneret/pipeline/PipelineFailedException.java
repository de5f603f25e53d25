package io.spinneret.pipeline;

import io.spinneret.api.SpinneretException;

/** Storage failed even after its retries; the crawl stops and the message names the cause. */
public class PipelineFailedException extends SpinneretException {
    public PipelineFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
