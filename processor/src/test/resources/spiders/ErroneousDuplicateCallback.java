package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "duplicate-callback")
public class ErroneousDuplicateCallback {
    @Parse
    void parse(Response page) {}

    @Parse
    void detail(Response page) {}

    @Parse(callback = "detail")
    void detailAgain(Response page) {}
}
