package test.multi.alpha;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import test.multi.common.Product;

@Spider(name = "alpha", startUrls = "https://alpha.example/")
public class AlphaSpider {
    @Parse
    Product parse(Response page) {
        return new Product("alpha:" + page.textOf("h1"), 1);
    }
}
