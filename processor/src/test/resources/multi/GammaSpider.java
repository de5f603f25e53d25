package test.multi.gamma;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

/** A package-private spider and item, in a package of their own. */
@Spider(name = "gamma")
class GammaSpider {
    @Item(key = "id")
    record Hidden(String id) {}

    @Parse
    Hidden parse(Response page) {
        return new Hidden("gamma");
    }
}
