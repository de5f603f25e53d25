package test.blocked;

import io.spinneret.annotations.Blocked;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "blocked", startUrls = "https://example.com/")
public class BlockedSpider {
    @Parse
    void parse(Response page) {}

    @Blocked
    boolean loggedOut(Response response) {
        return response.status() == 403 || response.text().contains("Please log in");
    }
}
