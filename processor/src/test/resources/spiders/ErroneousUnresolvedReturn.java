package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "unresolved")
public class ErroneousUnresolvedReturn {
    @Parse
    void parse(Response page) {}

    @Parse
    NoSuchItem detail(Response page) {
        return null;
    }
}
