package io.spinneret.spi;

import io.spinneret.api.SpinneretException;

/**
 * A shared scheduler was opened to join a distributed crawl that has already finished: nothing is
 * crawled again unless a new crawl is asked for ({@code --new-crawl}, setting {@code new_crawl}).
 * Not a failure: the command line says so and exits 0.
 */
public final class CrawlFinishedException extends SpinneretException {
    public CrawlFinishedException(String message) {
        super(message);
    }
}
