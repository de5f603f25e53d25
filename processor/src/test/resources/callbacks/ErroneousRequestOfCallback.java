package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "request-of")
public class ErroneousRequestOfCallback {
    @Parse
    List<Request> parse(Response page) {
        return List.of(Request.of("https://example.com/a", "item"), Request.of("https://example.com/b", "zzz"));
    }

    @Parse
    void item(Response page) {}
}
