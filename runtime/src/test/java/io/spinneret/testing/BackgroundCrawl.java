package io.spinneret.testing;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/** A crawl run on a platform thread of its own, so that a test can act on it while it runs and stop it. */
public final class BackgroundCrawl {
    private final AtomicReference<CrawlResult> result = new AtomicReference<>();
    private final Thread thread;

    private BackgroundCrawl(Crawler crawler) {
        thread = Thread.ofPlatform().start(() -> {
            try {
                result.set(crawler.run());
            } catch (InterruptedException ignored) {
                // no result: the test's assertions on it fail
            }
        });
    }

    /** Starts {@code crawler}'s run. */
    public static BackgroundCrawl start(Crawler crawler) {
        return new BackgroundCrawl(crawler);
    }

    /** The crawl's result, or null if it has not ended within {@code millis}. */
    public @Nullable CrawlResult join(long millis) throws InterruptedException {
        thread.join(millis);
        return result.get();
    }
}
