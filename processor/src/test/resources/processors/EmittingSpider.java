package test.processors;

import io.spinneret.annotations.ItemProcessors;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "emitting")
@ItemProcessors(TrimTitle.class)
public class EmittingSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.emit(new Book(page.url(), "t", 1, "u"));
    }
}
