package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "no-constructor")
public class ErroneousNoConstructor {
    private final String site;

    public ErroneousNoConstructor(String site) {
        this.site = site;
    }

    @Parse
    void parse(Response page) {}
}
