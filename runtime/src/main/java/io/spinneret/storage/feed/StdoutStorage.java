package io.spinneret.storage.feed;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code -o -}: every item, of every type, as JSON Lines on standard output, flushed after each
 * batch, for a pipe ({@code spinneret run books -o - | jq .title}). Logs, the progress line and
 * the summary go to standard error. Standard output is flushed, never closed.
 */
public final class StdoutStorage implements Storage {
    private final OutputStream out;
    private @Nullable JsonGenerator gen;

    /** Writes to this process's standard output. */
    public StdoutStorage() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    /** Writes to {@code out} (tests). */
    public StdoutStorage(OutputStream out) {
        this.out = new BufferedOutputStream(out, 1 << 16);
    }

    @Override
    public void open() throws IOException {
        JsonGenerator g = JsonlStorage.newGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        gen = g;
    }

    @Override
    public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
        JsonGenerator g = gen;
        if (g == null) throw new IOException("standard output is not open");
        JsonlStorage.writeLines(schema, items, g);
    }

    @Override
    public void close() throws IOException {
        JsonGenerator g = gen;
        if (g != null) g.flush();
        out.flush();
    }

    @Override
    public String describe() {
        return "standard output";
    }
}
