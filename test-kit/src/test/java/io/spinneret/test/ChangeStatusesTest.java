package io.spinneret.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.Crawler;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.test.site.ShelfSpider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A re-crawl of a served folder whose files change between crawls, asserted through {@link ChangeStatuses}. */
class ChangeStatusesTest {
    @TempDir
    Path pages;

    @TempDir
    Path jobs;

    private CrawlOutput crawl(PageServer site, ChangeStatuses statuses) throws InterruptedException {
        return Crawler.of(ShelfSpider.class)
                .setting("start_urls", site.url("/"))
                .setting("respect_robots", "false")
                .setting("scheduler", "sqlite")
                .setting("job_dir", jobs.toString())
                .setting("recrawl", "true")
                .listener(statuses)
                .run();
    }

    @Test
    void aRecrawlTellsEachPageUnchangedChangedOrRemoved() throws Exception {
        try (Stream<Path> files = Files.walk(SpiderTesterTest.SITE)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = pages.resolve(SpiderTesterTest.SITE.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        Files.writeString(
                pages.resolve("shelf/emma.html"),
                "<html><body><h1>Emma</h1><p class=\"price\">£4.25</p></body></html>");
        try (PageServer site = PageServer.of(pages).start()) {
            ChangeStatuses first = new ChangeStatuses();
            assertEquals(2, crawl(site, first).items().size());
            assertEquals(
                    Set.of(site.url("/"), site.url("/shelf/dune.html"), site.url("/shelf/emma.html")),
                    first.urls(ChangeStatus.NEW));

            ChangeStatuses same = new ChangeStatuses();
            assertEquals(List.of(), crawl(site, same).items());
            assertEquals(3, site.notModified());
            assertEquals(ChangeStatus.UNCHANGED, same.of(site.url("/shelf/dune.html")));

            Path dune = pages.resolve("shelf/dune.html");
            Files.writeString(dune, Files.readString(dune).replace("Dune", "Dune Messiah"));
            Files.delete(pages.resolve("shelf/emma.html"));
            ChangeStatuses changed = new ChangeStatuses();
            CrawlOutput out = crawl(site, changed);
            assertEquals(
                    List.of(new ShelfSpider.Book(site.url("/shelf/dune.html"), "Dune Messiah", 9.5)),
                    out.items(ShelfSpider.Book.class));
            assertEquals(
                    Map.of(
                            site.url("/"),
                            ChangeStatus.UNCHANGED,
                            site.url("/shelf/dune.html"),
                            ChangeStatus.CHANGED,
                            site.url("/shelf/emma.html"),
                            ChangeStatus.REMOVED),
                    changed.all());
        }
    }
}
