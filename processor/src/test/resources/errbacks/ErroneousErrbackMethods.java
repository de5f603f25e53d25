package test.errbacks;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;

@Spider(name = "bad-errback-methods")
public class ErroneousErrbackMethods {
    @Parse
    void parse(Response page) {}

    @Parse(callback = "withFailure")
    void takesFailure(Failure failure) {}

    @Errback
    void takesResponse(Response page) {}

    @Errback
    private void hidden(Failure failure) {}

    @Parse
    @Errback
    void both(Response page) {}

    @Errback(name = "parse")
    void clash(Failure failure) {}
}
