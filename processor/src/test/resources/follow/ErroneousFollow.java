package test.follow;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;

@Spider(name = "erroneous_follow")
@Follow(callback = "detial")
@Follow(allow = "/books/(\\d+", callback = "detail")
@Follow(allowGlob = "/shop/[abc", deny = "*.pdf")
@Follow(css = "div[data-id", denyGlob = "/x/{a,b")
@Follow(on = "pars", tags = "a href")
@Follow(callback = "failed")
public class ErroneousFollow {
    @Parse
    void parse(Response page) {}

    @Parse(callback = "detail")
    void detail(Response page) {}

    @Errback(name = "failed")
    void failed(Failure f) {}
}
