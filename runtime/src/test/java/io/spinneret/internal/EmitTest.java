package io.spinneret.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class EmitTest {
    /** Records what a callback's value turned into. */
    private static final class Recording implements Crawl {
        final List<Request> requests = new ArrayList<>();
        final List<Object> items = new ArrayList<>();

        @Override
        public Response response() {
            throw new UnsupportedOperationException();
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

    @Test
    void requestsAreScheduledContainersUnpackedNullIgnoredAndTheRestEmitted() {
        Recording crawl = new Recording();
        Request a = Request.of("http://h/a"), b = Request.of("http://h/b");
        Emit.value(null, crawl);
        Emit.value(a, crawl);
        Emit.value(List.of("x", Optional.of("y"), Optional.empty()), crawl);
        Emit.value(Stream.of(b, new Object[] {"z", null, List.of("w")}), crawl);
        Emit.value(42, crawl);
        assertEquals(List.of(a, b), crawl.requests);
        assertEquals(List.of("x", "y", "z", "w", 42), crawl.items);
    }
}
