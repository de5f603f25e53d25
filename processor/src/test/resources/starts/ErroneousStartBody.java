package test.starts;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.annotations.Start;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "bad-start-body")
public class ErroneousStartBody {
    @Start
    Request start() {
        return Request.of("https://x.example/", "detial");
    }

    @Parse
    void parse(Response page) {}

    @Parse(callback = "detail")
    void detail(Response page) {}
}
