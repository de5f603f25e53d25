package test.spiders.other;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(
        name = "twins",
        startUrls = "https://example.com/")
public class ErroneousDuplicateSpiderB {
    @Parse
    void parse(Response page) {}
}
