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
import java.util.Map;

/**
 * Encodes a {@link Request} as compact JSON and back, for the persistent and distributed queues.
 * Default values are left out, so a plain GET to {@code parse} is just {@code {"url":"..."}}.
 * Thread-safe.
 */
public final class RequestCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory JSON = MAPPER.getFactory();

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
            if (r.priority() != 0) g.writeNumberField("priority", r.priority());
            if (r.dontFilter()) g.writeBooleanField("dontFilter", true);
            if (r.renderer() != Renderer.HTTP) g.writeStringField("renderer", r.renderer().name().toLowerCase());
            if (!r.meta().isEmpty()) {
                g.writeFieldName("meta");
                MAPPER.writeValue(g, r.meta());
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

    /** @throws IllegalArgumentException if the JSON is not a request */
    @SuppressWarnings("unchecked")
    public static Request fromJson(byte[] json) {
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("not a JSON object");
            Request.Builder b = null;
            String url = null;
            // url is written first by toJson, but accept any order
            java.util.List<java.util.function.Consumer<Request.Builder>> pending = new java.util.ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "url" -> url = p.getText();
                    case "method" -> { String v = p.getText(); pending.add(x -> x.method(v)); }
                    case "headers" -> { Map<String, String> v = MAPPER.readValue(p, Map.class); pending.add(x -> x.headers(v)); }
                    case "body" -> { byte[] v = Base64.getDecoder().decode(p.getText()); pending.add(x -> x.body(v)); }
                    case "callback" -> { String v = p.getText(); pending.add(x -> x.callback(v)); }
                    case "priority" -> { int v = p.getIntValue(); pending.add(x -> x.priority(v)); }
                    case "dontFilter" -> { boolean v = p.getBooleanValue(); pending.add(x -> x.dontFilter(v)); }
                    case "renderer" -> { Renderer v = Renderer.valueOf(p.getText().toUpperCase()); pending.add(x -> x.renderer(v)); }
                    case "meta" -> { Map<String, Object> v = MAPPER.readValue(p, Map.class); pending.add(x -> x.metaAll(v)); }
                    case "depth" -> { int v = p.getIntValue(); pending.add(x -> x.depth(v)); }
                    case "retryCount" -> { int v = p.getIntValue(); pending.add(x -> x.retryCount(v)); }
                    default -> p.skipChildren();
                }
            }
            if (url == null) throw new IllegalArgumentException("request JSON has no url");
            b = Request.builder(url);
            for (var f : pending) f.accept(b);
            return b.build();
        } catch (IOException e) {
            throw new IllegalArgumentException("malformed request JSON: " + e.getMessage(), e);
        }
    }
}
