package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "builder")
public class ErroneousBuilderCallback {
    @Parse
    Request parse(Response page) {
        return Request.builder("https://example.com/api").method("POST").callback("api_result").build();
    }

    @Parse(callback = "apiResult")
    void result(Response page) {}
}
