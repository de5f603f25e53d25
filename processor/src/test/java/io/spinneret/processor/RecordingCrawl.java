package io.spinneret.processor;

import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.ArrayList;
import java.util.List;

/** A Crawl that records what a callback schedules and emits. */
final class RecordingCrawl implements Crawl {
    final Response response;
    final List<Request> requests = new ArrayList<>();
    final List<Object> items = new ArrayList<>();

    RecordingCrawl(Response response) {
        this.response = response;
    }

    @Override
    public Response response() {
        return response;
    }

    @Override
    public void request(Request request) {
        requests.add(request);
    }

    @Override
    public void emit(Object item) {
        items.add(item);
    }
}
