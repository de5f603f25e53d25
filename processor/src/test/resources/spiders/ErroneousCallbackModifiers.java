package test.spiders;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

@Spider(name = "modifiers")
public class ErroneousCallbackModifiers {
    @Parse
    void parse(Response page) {}

    @Parse
    private void hidden(Response page) {}

    @Parse
    static void shared(Response page) {}
}
