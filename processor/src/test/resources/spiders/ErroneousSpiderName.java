package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "my spider", startUrls = {"https://example.com/", "example.com/page"})
public class ErroneousSpiderName {
    @Parse
    void parse(Response page) {}
}
