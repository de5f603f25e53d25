package io.spinneret.scheduler.redis;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One node of a distributed test crawl in a process of its own (started by {@link RedisNodesTest}):
 * {@code <site root> <output.jsonl> key=value...}. Exits with the crawl's exit code.
 */
public final class CrawlNodeMain {
    private CrawlNodeMain() {}

    public static void main(String[] args) throws Exception {
        List<String> settings = new ArrayList<>(Arrays.asList(args).subList(2, args.length));
        CrawlResult r = Crawler.builder(new BooksFixture(args[0]))
                .settings(TestSettings.fast(Path.of(args[1]), settings.toArray(String[]::new)))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
        System.out.println("RESULT " + r.outcome() + " items=" + r.items());
        System.exit(r.exitCode());
    }
}
