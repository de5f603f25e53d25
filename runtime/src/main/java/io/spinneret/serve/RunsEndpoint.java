package io.spinneret.serve;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.embed.SpiderCatalog;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** {@code /api/runs}: start, list, show, stop and resume runs; their items and their log. */
final class RunsEndpoint {
    private static final int LIST_LIMIT = 200;

    private final Runs runs;
    private final RunQueue queue;
    private final SpiderCatalog catalog;
    private final Clock clock;

    RunsEndpoint(Runs runs, RunQueue queue, SpiderCatalog catalog, Clock clock) {
        this.runs = runs;
        this.queue = queue;
        this.catalog = catalog;
        this.clock = clock;
    }

    void start(HttpExchange exchange) throws IOException {
        RunSpec spec = RunSpec.from(HttpIo.readJson(exchange), catalog);
        long id = runs.add(spec.spider(), spec.args(), spec.settings(), null, clock.instant());
        queue.dispatch();
        HttpIo.sendJson(exchange, 201, Map.of("id", id));
    }

    void list(HttpExchange exchange) throws IOException {
        List<Map<String, Object>> out = runs.list(LIST_LIMIT).stream()
                .map(r -> RunJson.of(r, queue.files(r.id())))
                .toList();
        HttpIo.sendJson(exchange, 200, out);
    }

    void show(HttpExchange exchange, long id) throws IOException {
        HttpIo.sendJson(exchange, 200, RunJson.of(run(id), queue.files(id)));
    }

    void stop(HttpExchange exchange, long id) throws IOException {
        RunState state = queue.stop(id).orElseThrow(() -> notFound(id));
        HttpIo.sendJson(exchange, 202, Map.of("id", id, "state", state.label()));
    }

    void resume(HttpExchange exchange, long id) throws IOException {
        RunRecord run = run(id);
        if (!queue.resume(id)) {
            throw new ApiException(
                    409,
                    "run " + id + " is " + run.state().label() + "; only a stopped or interrupted run can be resumed");
        }
        HttpIo.sendJson(exchange, 202, Map.of("id", id, "state", run(id).state().label()));
    }

    void items(HttpExchange exchange, long id) throws IOException {
        run(id);
        HttpIo.sendFile(exchange, "application/x-ndjson", queue.files(id).items());
    }

    void log(HttpExchange exchange, long id) throws IOException {
        run(id);
        HttpIo.sendFile(exchange, "text/plain; charset=utf-8", queue.files(id).log());
    }

    private RunRecord run(long id) {
        return runs.get(id).orElseThrow(() -> notFound(id));
    }

    private static ApiException notFound(long id) {
        return new ApiException(404, "no run " + id);
    }
}
