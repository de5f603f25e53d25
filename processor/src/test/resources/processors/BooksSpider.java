package test.processors;

import io.spinneret.annotations.ItemProcessors;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "books")
@ItemProcessors({TrimTitle.class, DropFree.class})
public class BooksSpider {
    @Parse
    Book parse(Response page) {
        return new Book(page.url(), " A title ", 1.0, "u1");
    }
}
