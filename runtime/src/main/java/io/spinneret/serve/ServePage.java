package io.spinneret.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The page at {@code /}: static HTML and script that read the API with the browser's cookie; it
 * holds no token.
 */
final class ServePage {
    static final String LOGIN = """
            <!doctype html><meta charset="utf-8"><title>spinneret serve</title>
            <p>This service needs its token. Open <code>/?token=&lt;token&gt;</code> once;
            the browser then keeps a cookie.</p>
            """;

    private ServePage() {}

    static String html() {
        try (InputStream in = ServePage.class.getResourceAsStream("page.html")) {
            if (in == null) throw new IllegalStateException("page.html is missing from the jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
