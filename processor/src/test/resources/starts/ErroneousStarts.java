package test.starts;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.annotations.Start;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "bad-starts")
public class ErroneousStarts {
    @Item(key = "id")
    public record Thing(String id) {}

    @Start
    List<Request> first(List<String> startUrls) {
        return List.of();
    }

    @Start
    Thing second(String url) {
        return null;
    }

    @Parse
    void parse(Response page) {}

    @Start
    @Parse(callback = "both")
    void both(Response page) {}
}
