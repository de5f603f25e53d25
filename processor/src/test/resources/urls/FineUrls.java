package test.urls;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "fine_urls", startUrls = "https://example.com/")
public class FineUrls {
    /** Not the crawl: a fetch of its own, which the processor leaves alone. */
    static final class Store {
        String fetch(String key) {
            return key;
        }
    }

    private final Store store = new Store();

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow("/catalogue/page-2.html", "parse");
        crawl.follow("?page=3");
        crawl.follow("//cdn.example.com/x", "parse");
        crawl.follow("HTTPS://Example.com/A", "parse");
        crawl.fetch("https://example.com/api/1.json");
        crawl.fetch("../api/2.json");
        crawl.fetch(page.url() + "/more");
        crawl.request(Request.of("https://example.com/3", "parse"));
        crawl.request(Request.builder("/4").build());
        store.fetch("s3:bucket/key");
    }
}
