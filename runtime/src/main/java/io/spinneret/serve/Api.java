package io.spinneret.serve;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Map;

/** The routes under {@code /api/}: a method and a path to the endpoint that answers them. */
final class Api {
    private final SpidersEndpoint spiders;
    private final RunsEndpoint runs;
    private final SchedulesEndpoint schedules;

    Api(SpidersEndpoint spiders, RunsEndpoint runs, SchedulesEndpoint schedules) {
        this.spiders = spiders;
        this.runs = runs;
        this.schedules = schedules;
    }

    void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String[] path = exchange.getRequestURI().getPath().replaceAll("/+$", "").split("/"); // "", "api", ...
        String route = method + " " + (path.length > 2 ? path[2] : "") + (path.length > 3 ? "/{id}" : "")
                + (path.length > 4 ? "/" + path[4] : "") + (path.length > 5 ? "/..." : "");
        long id = path.length > 3 ? id(path[3]) : 0;
        switch (route) {
            case "GET spiders" -> spiders.list(exchange);
            case "GET runs" -> runs.list(exchange);
            case "POST runs" -> runs.start(exchange);
            case "GET runs/{id}" -> runs.show(exchange, id);
            case "DELETE runs/{id}" -> runs.stop(exchange, id);
            case "POST runs/{id}/resume" -> runs.resume(exchange, id);
            case "GET runs/{id}/items" -> runs.items(exchange, id);
            case "GET runs/{id}/log" -> runs.log(exchange, id);
            case "GET schedules" -> schedules.list(exchange);
            case "POST schedules" -> schedules.add(exchange);
            case "GET schedules/{id}" -> schedules.show(exchange, id);
            case "DELETE schedules/{id}" -> schedules.delete(exchange, id);
            default ->
                throw new ApiException(
                        404,
                        "no endpoint " + method + " " + exchange.getRequestURI().getPath() + "; see docs/serve.md");
        }
    }

    private static long id(String segment) {
        try {
            return Long.parseLong(segment);
        } catch (NumberFormatException e) {
            throw new ApiException(404, "'" + segment + "' is not an id");
        }
    }

    static void error(HttpExchange exchange, ApiException e) throws IOException {
        HttpIo.sendJson(exchange, e.status(), Map.of("error", e.getMessage()));
    }
}
