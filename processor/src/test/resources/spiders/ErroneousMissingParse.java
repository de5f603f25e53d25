package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "no-parse")
public class ErroneousMissingParse {
    @Parse
    void start(Response page) {}

    @Parse
    void detail(Response page) {}
}
