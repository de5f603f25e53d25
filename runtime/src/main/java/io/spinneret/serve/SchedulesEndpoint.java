package io.spinneret.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import io.spinneret.embed.SpiderCatalog;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/** {@code /api/schedules}: add, list, show and delete cron schedules. */
final class SchedulesEndpoint {
    private final Schedules schedules;
    private final SpiderCatalog catalog;
    private final Clock clock;

    SchedulesEndpoint(Schedules schedules, SpiderCatalog catalog, Clock clock) {
        this.schedules = schedules;
        this.catalog = catalog;
        this.clock = clock;
    }

    void add(HttpExchange exchange) throws IOException {
        JsonNode body = HttpIo.readJson(exchange);
        RunSpec spec = RunSpec.from(body, catalog);
        String cron = body.path("cron").asText("").trim();
        if (cron.isEmpty()) {
            throw new ApiException(400, "\"cron\" is required: five fields, e.g. \"0 3 * * *\" (03:00 every day)");
        }
        Instant now = clock.instant();
        Instant next = CronSchedule.parse(cron).next(now, clock.getZone());
        long id = schedules.add(spec.spider(), cron, spec.args(), spec.settings(), now, next);
        HttpIo.sendJson(exchange, 201, Map.of("id", id, "next", next.toString()));
    }

    void list(HttpExchange exchange) throws IOException {
        HttpIo.sendJson(
                exchange, 200, schedules.list().stream().map(ScheduleJson::of).toList());
    }

    void show(HttpExchange exchange, long id) throws IOException {
        HttpIo.sendJson(exchange, 200, ScheduleJson.of(schedules.get(id).orElseThrow(() -> notFound(id))));
    }

    void delete(HttpExchange exchange, long id) throws IOException {
        if (!schedules.delete(id)) throw notFound(id);
        exchange.sendResponseHeaders(204, -1);
    }

    private static ApiException notFound(long id) {
        return new ApiException(404, "no schedule " + id);
    }
}
