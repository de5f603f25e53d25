package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

public class ErroneousNestedSpiders {
    @Spider(name = "private-nested")
    private static class Hidden {
        @Parse
        void parse(Response page) {}
    }

    @Spider(name = "inner")
    class Inner {
        @Parse
        void parse(Response page) {}
    }
}
