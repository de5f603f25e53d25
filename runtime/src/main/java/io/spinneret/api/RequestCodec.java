package io.spinneret.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.annotations.Renderer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Encodes a {@link Request} as compact JSON and back, for the persistent and distributed queues.
 * Default values are left out, so a plain GET to {@code parse} is just {@code {"url":"..."}}.
 * Thread-safe.
 */
public final class RequestCodec {
    // The streaming parser and generator do nearly all the work; databind, whose first use costs some
    // 60 ms of a crawl's start-up, only reads and writes meta values other than strings.
    private static final JsonFactory JSON = new JsonFactory();

    private static final class Databind {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private RequestCodec() {}

    public static byte[] toJsonBytes(Request r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(96 + r.url().length());
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("url", r.url());
            if (!r.method().equals("GET")) g.writeStringField("method", r.method());
            if (!r.headers().isEmpty()) {
                g.writeObjectFieldStart("headers");
                for (Map.Entry<String, String> h : r.headers().entrySet()) g.writeStringField(h.getKey(), h.getValue());
                g.writeEndObject();
            }
            if (r.body() != null) g.writeStringField("body", Base64.getEncoder().encodeToString(r.body()));
            if (!r.callback().equals(Request.DEFAULT_CALLBACK)) g.writeStringField("callback", r.callback());
            if (r.errback() != null) g.writeStringField("errback", r.errback());
            if (r.priority() != 0) g.writeNumberField("priority", r.priority());
            if (r.dontFilter()) g.writeBooleanField("dontFilter", true);
            if (r.renderer() != Renderer.HTTP)
                g.writeStringField("renderer", r.renderer().name().toLowerCase());
            if (!r.meta().isEmpty()) {
                g.writeObjectFieldStart("meta");
                for (Map.Entry<String, Object> m : r.meta().entrySet()) {
                    g.writeFieldName(m.getKey());
                    if (m.getValue() instanceof String text) g.writeString(text); // the common case, without databind
                    else Databind.MAPPER.writeValue(g, m.getValue());
                }
                g.writeEndObject();
            }
            if (r.depth() != 0) g.writeNumberField("depth", r.depth());
            if (r.retryCount() != 0) g.writeNumberField("retryCount", r.retryCount());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static String toJson(Request r) {
        return new String(toJsonBytes(r), StandardCharsets.UTF_8);
    }

    public static Request fromJson(String json) {
        return fromJson(json.getBytes(StandardCharsets.UTF_8));
    }

    /** An object of strings (the headers), read with the streaming parser. */
    private static Map<String, String> stringMap(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("headers are not an object");
        Map<String, String> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            out.put(name, p.getValueAsString());
        }
        return out;
    }

    /** The meta: strings read with the streaming parser, any other value as databind reads it. */
    private static Map<String, Object> meta(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("meta is not an object");
        Map<String, Object> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            out.put(name, value == JsonToken.VALUE_STRING ? p.getText() : Databind.MAPPER.readValue(p, Object.class));
        }
        return out;
    }

    /** @throws IllegalArgumentException if the JSON is not a request */
    @SuppressWarnings("unchecked")
    public static Request fromJson(byte[] json) {
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("not a JSON object");
            // url is written first by toJson, but accept any order: fill a builder, set the url last
            Request.Builder b = Request.builder("");
            String url = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "url" -> url = p.getText();
                    case "method" -> b.method(p.getText());
                    case "headers" -> b.headers(stringMap(p));
                    case "body" -> b.body(Base64.getDecoder().decode(p.getText()));
                    case "callback" -> b.callback(p.getText());
                    case "errback" -> b.errback(p.getText());
                    case "priority" -> b.priority(p.getIntValue());
                    case "dontFilter" -> b.dontFilter(p.getBooleanValue());
                    case "renderer" -> b.renderer(Renderer.valueOf(p.getText().toUpperCase()));
                    case "meta" -> b.metaAll(meta(p));
                    case "depth" -> b.depth(p.getIntValue());
                    case "retryCount" -> b.retryCount(p.getIntValue());
                    default -> p.skipChildren();
                }
            }
            if (url == null) throw new IllegalArgumentException("request JSON has no url");
            b.url(url);
            return b.build();
        } catch (IOException e) {
            throw new IllegalArgumentException("malformed request JSON: " + e.getMessage(), e);
        }
    }
}
