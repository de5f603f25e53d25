package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.Optional;

@Spider(name = "response-follow")
public class ErroneousResponseFollowCallback {
    @Parse
    Optional<Request> parse(Response page) {
        return page.follow("next.html", "nxet", 2);
    }

    @Parse
    void next(Response page) {}
}
