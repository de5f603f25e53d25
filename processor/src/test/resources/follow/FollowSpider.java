package test.follow;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "follow")
@Follow(css = "nav", allowGlob = "/docs/**", deny = "\\.pdf$", on = "parse")
@Follow(tags = "link", attrs = "href", allow = "/items/\\d+", callback = "item", priority = 5, scope = Follow.Scope.SAME_ORIGIN)
public class FollowSpider {
    @Parse
    void parse(Response page) {}

    @Parse(callback = "item")
    void item(Response page) {}
}
