package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "requires", renderer = Renderer.AUTO)
public class ErroneousRequires {
    @Parse(requires = "div.quote")
    void parse(Response page) {}

    @Parse(callback = "detail", requires = "div[data-id")
    void detail(Response page) {}
}
