package test.stray;

import io.spinneret.annotations.Parse;
import io.spinneret.api.Response;

/** A concrete base class that a spider of the same compilation extends. */
public class SharedCallbacks {
    @Parse
    void detail(Response page) {
    }
}
