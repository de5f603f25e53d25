package test.rounds;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import test.rounds.gen.LateItem;

/** Returns an item that another processor generates in the first round. */
@Spider(name = "early")
public class EarlySpider {
    @Parse
    LateItem parse(Response page, Crawl crawl) {
        crawl.follow("more.html", LateSpider_Callbacks.PARSE);
        return new LateItem("early");
    }
}
