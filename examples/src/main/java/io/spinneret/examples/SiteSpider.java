package io.spinneret.examples;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

/**
 * Crawls any whole site, given by {@code -s start_urls=...}: one rule follows every link on the
 * same host, and each HTML page becomes a {@link Page}. The starting point for broad crawls.
 */
@Spider(name = "site", settings = "concurrency=8")
@Follow
public class SiteSpider {
    @Parse
    Page parse(Response page) {
        return page.isHtml() ? new Page(page.url(), page.textOf("title"), page.status(), page.depth()) : null;
    }
}
