package io.spinneret.test;

import io.spinneret.api.Request;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.observe.CrawlListener;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * What a re-crawl found of each page, for assertions: a {@link CrawlListener} that keeps every
 * page's {@link ChangeStatus} by URL. Give it to the crawl, then ask:
 *
 * <pre>{@code
 * ChangeStatuses statuses = new ChangeStatuses();
 * Crawler.of(BooksSpider.class).setting("scheduler", "sqlite").setting("job_dir", jobs.toString())
 *         .setting("recrawl", "true").setting("start_urls", site.url("/")).listener(statuses).run();
 * assertEquals(Set.of(site.url("/book/1.html")), statuses.urls(ChangeStatus.CHANGED));
 * assertEquals(ChangeStatus.REMOVED, statuses.of(site.url("/book/2.html")));
 * }</pre>
 *
 * A listener hears a crawl's events up to 20 ms late, and all of them once the crawl's
 * {@code run()} has returned: read it after the crawl. Thread-safe.
 */
public final class ChangeStatuses implements CrawlListener {
    private final Map<String, ChangeStatus> byUrl = new ConcurrentHashMap<>();

    @Override
    public void changeStatus(Request request, ChangeStatus status) {
        byUrl.put(request.url(), status);
    }

    /** The status the re-crawl gave the page at {@code url}, or null if it judged none (not requested, or not a re-crawl). */
    public @Nullable ChangeStatus of(String url) {
        return byUrl.get(url);
    }

    /** The URLs of the pages with this status, sorted. */
    public Set<String> urls(ChangeStatus status) {
        Set<String> urls = new TreeSet<>();
        byUrl.forEach((url, s) -> {
            if (s == status) urls.add(url);
        });
        return urls;
    }

    /** Every judged page's status, by URL (sorted). */
    public Map<String, ChangeStatus> all() {
        return new TreeMap<>(byUrl);
    }
}
