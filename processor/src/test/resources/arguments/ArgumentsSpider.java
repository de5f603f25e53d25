package test.arguments;

import io.spinneret.annotations.Arg;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "args", startUrls = "https://a.example/")
public class ArgumentsSpider {
    enum Order { NEWEST, OLDEST }

    @Arg(help = "only this category")
    String category;

    @Arg(name = "max_pages", defaultValue = "0", help = "listing pages to follow (0 = all)")
    int maxPages;

    @Arg(defaultValue = "1.5")
    Double ratio;

    @Arg(defaultValue = "false")
    boolean verbose;

    @Arg(defaultValue = "9000000000")
    long big;

    @Arg(defaultValue = "newest")
    Order order;

    @Arg(defaultValue = "a, b")
    List<String> tags;

    @Parse
    void parse(Response page) {}

    /** What the fields hold, for the test. */
    @Override
    public String toString() {
        return category + " " + maxPages + " " + ratio + " " + verbose + " " + big + " " + order + " " + tags;
    }
}
