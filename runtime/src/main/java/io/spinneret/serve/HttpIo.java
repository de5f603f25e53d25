package io.spinneret.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reading and writing the bodies of the service's exchanges. */
final class HttpIo {
    static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final int MAX_BODY = 1 << 20;

    private HttpIo() {}

    /** The request's JSON object; a 400 for anything else. */
    static JsonNode readJson(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) throw new ApiException(413, "the request body is over 1 MiB");
            JsonNode node;
            try {
                node = JSON.readTree(body);
            } catch (JsonProcessingException e) {
                throw new ApiException(400, "the request body is not JSON: " + e.getOriginalMessage());
            }
            if (node == null || !node.isObject()) throw new ApiException(400, "the request body must be a JSON object");
            return node;
        }
    }

    static void sendJson(HttpExchange exchange, int status, Object body) throws IOException {
        send(
                exchange,
                status,
                "application/json",
                JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(body));
    }

    static void sendText(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        send(exchange, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) exchange.getResponseBody().write(body);
    }

    /** Streams a file as it is now (a running crawl's file is read up to where it was written). */
    static void sendFile(HttpExchange exchange, String contentType, Path file) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        if (!Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(200, -1);
            return;
        }
        exchange.sendResponseHeaders(200, 0); // chunked: the file may grow while it is read
        try (InputStream in = Files.newInputStream(file);
                OutputStream out = exchange.getResponseBody()) {
            in.transferTo(out);
        }
    }
}
