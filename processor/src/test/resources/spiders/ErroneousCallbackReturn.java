package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "returns")
public class ErroneousCallbackReturn {
    @Parse
    void parse(Response page) {}

    @Parse
    String title(Response page) { return page.textOf("h1"); }

    @Parse
    List<Integer> numbers(Response page) { return List.of(1, 2); }

    @Parse
    int count(Response page) { return 1; }
}
