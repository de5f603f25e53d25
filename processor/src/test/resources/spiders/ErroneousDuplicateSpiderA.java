package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "twins")
public class ErroneousDuplicateSpiderA {
    @Parse
    void parse(Response page) {}
}
