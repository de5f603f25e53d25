package test.stray;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "uses-shared")
public class UsesShared extends SharedCallbacks {
    @Parse
    void parse(Response page) {
    }
}
