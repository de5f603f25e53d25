package io.spinneret.examples.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.function.Predicate;

/** The service's API as a test calls it: java.net.http with the Bearer token. */
final class ServeClient {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> ENDED = Set.of("finished", "failed", "stopped", "interrupted");

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI root;
    private final String token;

    ServeClient(URI root, String token) {
        this.root = root;
        this.token = token;
    }

    /** A response: its status and body. */
    record Answer(int status, String body) {
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    Answer send(String method, String path, Object body) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
        HttpRequest.Builder request = HttpRequest.newBuilder(root.resolve(path))
                .method(method, publisher)
                .header("Content-Type", "application/json");
        if (!token.isEmpty()) request.header("Authorization", "Bearer " + token);
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body());
    }

    /** The JSON of a 2xx answer; an assertion error with the answer otherwise. */
    JsonNode call(String method, String path, Object body) throws IOException, InterruptedException {
        Answer a = send(method, path, body);
        if (a.status() / 100 != 2) {
            throw new AssertionError(method + " " + path + " answered " + a.status() + ": " + a.body());
        }
        return a.body().isEmpty() ? JSON.nullNode() : a.json();
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return call("GET", path, null);
    }

    /** Polls {@code path} until {@code done} holds: at most 240 s, so a stuck service fails the test, not hangs it. */
    JsonNode await(String path, Predicate<JsonNode> done) throws IOException, InterruptedException {
        JsonNode last = null;
        for (int i = 0; i < 2400; i++) {
            last = get(path);
            if (done.test(last)) return last;
            Thread.sleep(100);
        }
        throw new AssertionError("gave up waiting on " + path + "; last answer: " + last);
    }

    /** Waits until the run has ended and returns it. */
    JsonNode awaitEnd(long id) throws IOException, InterruptedException {
        return await("api/runs/" + id, r -> ENDED.contains(r.path("state").asText()));
    }

    JsonNode awaitState(long id, String state) throws IOException, InterruptedException {
        return await("api/runs/" + id, r -> r.path("state").asText().equals(state));
    }
}
