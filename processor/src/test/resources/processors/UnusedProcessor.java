package test.processors;

import io.spinneret.annotations.ItemProcessors;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "unused_processor")
@ItemProcessors(TrimTitle.class)
public class UnusedProcessor {
    @Parse
    List<Author> parse(Response page) {
        return List.of();
    }
}
