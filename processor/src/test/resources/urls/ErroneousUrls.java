package test.urls;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "urls", startUrls = "https://example.com/")
public class ErroneousUrls {
    static final String LOGIN = "localhost:8080/login";

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow("mailto:someone@example.com", "parse");
        crawl.follow("javascript:void(0)");
        crawl.fetch(LOGIN);
        crawl.request(Request.of("ftp://example.com/file.txt", "parse"));
        crawl.request(Request.builder(" file:///etc/passwd ").build());
    }
}
