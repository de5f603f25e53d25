package test.multi.beta;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.util.List;
import test.multi.common.Product;

/** Nested spiders and items; a generic spider. */
public final class BetaSpider {
    private BetaSpider() {}

    @Spider(name = "beta-nested")
    public static class Nested {
        @Parse
        List<Inner.Part> parse(Response page) {
            return List.of(new Inner.Part("p1", List.of(new Product("x", 2))));
        }
    }

    static final class Inner {
        @io.spinneret.annotations.Item(key = "id")
        record Part(String id, List<Product> products) {}
    }

    @Spider(name = "beta-generic")
    static class Generic<T extends CharSequence> {
        T last;

        @Parse
        List<Product> parse(Response page) {
            return List.of(new Product("generic", 3));
        }
    }
}
