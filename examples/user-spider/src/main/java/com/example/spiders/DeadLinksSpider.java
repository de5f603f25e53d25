package com.example.spiders;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.annotations.Start;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.List;
import org.jsoup.nodes.Element;

/**
 * A link checker: fetches the start pages and every link on them, once each; the links that fail
 * (a 404, a refused connection, a redirect loop) are the items.
 */
@Spider(name = "dead_links", startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=4", "download_delay=0.5", "max_redirects=5"})
public class DeadLinksSpider {
    @Item(key = "url")
    public record DeadLink(String url, String foundOn, int status, String reason) {}

    /** The start pages can be dead too: they get the errback as well. */
    @Start
    List<Request> start(List<String> startUrls) {
        return startUrls.stream().map(url -> Request.builder(url).errback("dead").meta("found_on", "start_urls").build()).toList();
    }

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("a[href]")) {
            page.follow(a.attr("href"), "checked", 0)
                    .map(link -> link.toBuilder().errback("dead").meta("found_on", page.url()).build())
                    .ifPresent(crawl::request);
        }
    }

    @Parse(callback = "checked")
    void checked(Response page) {}

    @Errback
    DeadLink dead(Failure failure) {
        Request link = failure.request();
        return new DeadLink(link.url(), String.valueOf(link.meta().getOrDefault("found_on", "")), failure.status(), failure.reason());
    }
}
