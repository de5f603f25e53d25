package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "parameters")
public class ErroneousCallbackParameters {
    @Parse
    void parse(Response page, Crawl crawl) {}

    @Parse
    void withString(Response page, String extra) {}

    @Parse
    void twice(Response page, Response again) {}
}
