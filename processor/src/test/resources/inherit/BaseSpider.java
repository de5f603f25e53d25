package test.inherit;

import io.spinneret.annotations.Parse;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

/** Shared callbacks for several spiders; not a spider itself. */
public abstract class BaseSpider {
    @Parse
    protected Request detail(Response page) {
        return Request.of(page.url() + "#base", "parse");
    }

    @Parse
    public Request overridden(Response page) {
        return Request.of("https://base.example/", "parse");
    }
}
