package test.arguments;

import io.spinneret.annotations.Arg;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.time.Duration;
import java.util.List;

@Spider(name = "bad-args")
public class ErroneousArguments {
    @Arg Duration timeout;

    @Arg private String secret;

    @Arg(defaultValue = "x") final String fixed = "y";

    @Arg(defaultValue = "lots") int pages;

    @Arg(defaultValue = "maybe") boolean deep;

    @Arg(name = "pages") String pagesAgain;

    @Arg(name = "no spaces") String spaced;

    @Arg List<Integer> numbers;

    @Parse
    void parse(Response page) {}
}
