package io.spinneret.storage.feed;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes items as JSON Lines: one JSON object per line, UTF-8, produced by the generated
 * {@link ItemSchema#writeJson} straight into a Jackson streaming generator. See
 * {@link FileStorage} for file naming and append semantics.
 */
public final class JsonlStorage extends FileStorage {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** Appends to the file(s). */
    public JsonlStorage(Path target) {
        this(target, false);
    }

    /** @param overwrite empty each file when first writing to it, rather than append */
    public JsonlStorage(Path target, boolean overwrite) {
        super(target, overwrite);
    }

    @Override
    Sink open(Path path, ItemSchema<?> schema) throws IOException {
        return new Sink(path, overwrite) {
            private final JsonGenerator gen = newGenerator(out);

            @Override
            <T> void write(ItemSchema<T> s, List<T> items) throws IOException {
                writeLines(s, items, gen);
            }

            @Override
            public void close() throws IOException {
                gen.close();
                super.close();
            }
        };
    }

    /** Writes each item as one line of JSON, then flushes. */
    static <T> void writeLines(ItemSchema<T> schema, List<T> items, JsonGenerator gen) throws IOException {
        for (T item : items) {
            schema.writeJson(item, gen);
            gen.writeRaw('\n');
        }
        gen.flush();
    }

    /** A UTF-8 generator that separates root values by nothing (the caller writes the separators). */
    static JsonGenerator newGenerator(OutputStream out) throws IOException {
        JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8);
        g.setRootValueSeparator(null);
        return g;
    }
}
