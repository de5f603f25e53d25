package test.stray;

import io.spinneret.annotations.Parse;
import io.spinneret.api.Response;

/** The base of spiders compiled elsewhere. */
public abstract class AbstractBase {
    @Parse
    void detail(Response page) {
    }
}
