package io.spinneret.storage.feed;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.ItemSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes items as one JSON array per file ({@code -o books.json}), one item per line:
 *
 * <pre>
 * [
 * {"url":"...","title":"..."}
 * ,{"url":"...","title":"..."}
 * ]
 * </pre>
 *
 * <p>The file is a complete array after every batch, not only at the end: a batch overwrites the
 * closing {@code ]} with its items and a new {@code ]}, in one write. So the file parses after
 * Ctrl-C, and after {@code kill -9} once the next run (or any reader that drops the last partial
 * line) repairs it: on opening, a partial last line is cut off and a missing {@code ]} is put
 * back. Appending continues the array; {@code -O} starts a new one. See {@link FileStorage} for
 * file naming.
 */
public final class JsonArrayStorage extends FileStorage {
    private static final byte[] EMPTY = "[\n]\n".getBytes(StandardCharsets.US_ASCII);
    private static final int END = 2; // "]\n"

    /** @param overwrite start each file anew rather than continue its array */
    public JsonArrayStorage(Path target, boolean overwrite) {
        super(target, overwrite);
    }

    @Override
    public void open() throws IOException {
        super.open();
        try (FileChannel ch = FileChannel.open(target(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (ch.size() == 0) ch.write(ByteBuffer.wrap(EMPTY), 0); // a crawl without items leaves [] behind
        }
    }

    @Override
    Sink open(Path path, ItemSchema<?> schema) throws IOException {
        return new Sink(path, overwrite) {
            private final FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 16);
            private final JsonGenerator gen = JsonlStorage.newGenerator(buffer);

            {
                repair(ch, path);
            }

            @Override
            <T> void write(ItemSchema<T> s, List<T> items) throws IOException {
                long size = ch.size();
                boolean first = size == EMPTY.length;
                buffer.reset();
                for (int i = 0; i < items.size(); i++) {
                    if (!first || i > 0) gen.writeRaw(',');
                    s.writeJson(items.get(i), gen);
                    gen.writeRaw('\n');
                }
                gen.writeRaw("]\n");
                gen.flush();
                ByteBuffer bytes = ByteBuffer.wrap(buffer.toByteArray());
                long at = size - END;
                while (bytes.hasRemaining()) at += ch.write(bytes, at);
            }

            @Override
            void sync() {
                // each write went to the file channel, straight to the operating system
            }

            @Override
            public void close() throws IOException {
                gen.close();
                ch.close();
                super.close();
            }
        };
    }

    /**
     * Makes the file a complete array: {@code [ ]} if empty, a {@code ]} line put back if a killed
     * write left it out (the partial line itself was cut off by {@link Sink}).
     */
    private static void repair(FileChannel ch, Path path) throws IOException {
        long size = ch.size();
        if (size == 0) {
            ch.write(ByteBuffer.wrap(EMPTY), 0);
            return;
        }
        ByteBuffer head = ByteBuffer.allocate(2);
        ch.read(head, 0);
        if (head.get(0) != '[')
            throw new IOException(path + " is not a JSON array (it does not start with '['); use -O to replace it");
        ByteBuffer tail = ByteBuffer.allocate(END);
        ch.read(tail, size - Math.min(size, END));
        if (size >= END && tail.get(0) == ']' && tail.get(1) == '\n') return;
        ch.write(ByteBuffer.wrap("]\n".getBytes(StandardCharsets.US_ASCII)), size);
    }
}
