package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "abstract")
public abstract class ErroneousAbstractSpider {
    @Parse
    void parse(Response page) {}
}
