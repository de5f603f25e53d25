package test.stray;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Parse;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;

/** Meant to be a spider, but its @Spider was forgotten. */
public class Forgotten {
    @Parse
    void parse(Response page) {
    }

    @Errback
    void failed(Failure failure) {
    }
}
