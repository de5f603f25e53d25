package io.spinneret.examples.testing;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * A spider with a leak: its callback keeps a megabyte after another, far more than any heap, so
 * its crawl runs out of memory on the first page. {@code spinneret serve} must lose only that run.
 */
@Spider(name = "memory_hog", startUrls = "http://127.0.0.1:9/")
public class MemoryHogSpider {
    private static final List<long[]> KEPT = new ArrayList<>();

    /** Never produced. */
    @Item(key = "url")
    public record Page(String url) {}

    @Parse
    Page parse(Response page) {
        for (int i = 0; i < 1_000_000; i++) KEPT.add(new long[1 << 17]); // 1 MiB each, a terabyte in all
        return new Page(page.url());
    }
}
