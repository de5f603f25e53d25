package test.blocked;

import io.spinneret.annotations.Blocked;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;

@Spider(name = "bad-blocked")
public class ErroneousBlocked {
    @Parse
    void parse(Response page) {}

    @Blocked
    boolean first(Response response) {
        return false;
    }

    @Blocked
    String second(Failure failure) {
        return "";
    }

    @Blocked
    private static boolean hidden(Response response) {
        return false;
    }

    @Blocked
    @Parse(callback = "both")
    boolean both(Response response) {
        return false;
    }
}
