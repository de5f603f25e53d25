package io.spinneret.storage.file;

import io.spinneret.files.FileErrors;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A storage writing one file per item type. The first item type written goes to the target file
 * itself ({@code books.jsonl}); every further type goes next to it, named
 * {@code <stem>-<table>.<ext>} ({@code books-author.jsonl}). Files are opened for appending: a
 * second run adds to what a first one wrote (deduplicate by the item key if you resume into a
 * file); with {@code overwrite} the target is emptied when the storage opens (so a crawl without
 * items leaves it empty), and each further file when this storage first writes to it. The target
 * is created when the storage opens, so a path that cannot be written fails before the crawl. A
 * batch is flushed to the operating system before {@link #write} returns, so it survives
 * the process being killed (not a power failure: nothing is fsynced until {@link #close}).
 * Called from one pipeline thread at a time.
 */
abstract sealed class FileStorage implements Storage permits JsonlStorage, CsvStorage, JsonArrayStorage {
    private static final Logger LOG = LoggerFactory.getLogger(FileStorage.class);
    private final Path target;
    /** Empty each file on opening it rather than append to it. */
    final boolean overwrite;
    private final Map<ItemSchema<?>, Sink> sinks = new LinkedHashMap<>();

    FileStorage(Path target, boolean overwrite) {
        this.target = target;
        this.overwrite = overwrite;
    }

    /** One open file. */
    abstract static class Sink implements AutoCloseable {
        final Path path;
        final OutputStream out;
        final boolean fresh;

        Sink(Path path, boolean overwrite) throws IOException {
            this.path = path;
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            if (!overwrite && Files.exists(path)) dropPartialLastLine(path);
            this.fresh = overwrite || !Files.exists(path) || Files.size(path) == 0;
            this.out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    overwrite ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND), 1 << 16);
        }

        abstract <T> void write(ItemSchema<T> schema, List<T> items) throws IOException;

        void sync() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    abstract Sink open(Path path, ItemSchema<?> schema) throws IOException;

    /**
     * Cuts a file back to its last complete line. A process killed in the middle of a batch can
     * leave half a line at the end; a resumed crawl appends after it, so without this the file
     * would hold one unreadable line. The items of that batch were not acknowledged, so the
     * resumed crawl writes them again.
     *
     * @return the number of bytes dropped
     */
    static long dropPartialLastLine(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            ByteBuffer buf = ByteBuffer.allocate(8192);
            long end = size;
            while (end > 0) {
                int n = (int) Math.min(buf.capacity(), end);
                buf.clear().limit(n);
                long from = end - n;
                while (buf.hasRemaining()) {
                    if (ch.read(buf, from + buf.position()) < 0) break;
                }
                for (int i = n - 1; i >= 0; i--) {
                    if (buf.get(i) == '\n') {
                        long keep = from + i + 1;
                        if (keep < size) {
                            ch.truncate(keep);
                            LOG.warn("{} ended in a partial line (an interrupted write); dropped its last {} bytes", path, size - keep);
                        }
                        return size - keep;
                    }
                }
                end = from;
            }
            if (size > 0) {
                ch.truncate(0);
                LOG.warn("{} held only a partial line (an interrupted write); emptied it", path);
            }
            return size;
        }
    }

    /** The file holding items of {@code schema}, once it was written; else null. */
    public @Nullable Path fileOf(ItemSchema<?> schema) {
        Sink s = sinks.get(schema);
        return s == null ? null : s.path;
    }

    /** The file the first item type goes to. */
    public Path target() {
        return target;
    }

    @Override
    public void open() throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        try {
            if (parent != null) Files.createDirectories(parent);
            // now rather than at the first batch, which for a -n crawl comes after the whole crawl
            FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    overwrite ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND).close();
        } catch (java.nio.file.FileSystemException e) {
            throw new IOException(FileErrors.describe(e), e); // the caller names the output
        }
    }

    @Override
    public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
        Sink sink = sinks.get(schema);
        if (sink == null) {
            sink = open(sinks.isEmpty() ? target : sibling(schema), schema);
            sinks.put(schema, sink);
        }
        sink.write(schema, items);
        sink.sync();
    }

    private Path sibling(ItemSchema<?> schema) {
        String name = target.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String ext = dot > 0 ? name.substring(dot) : "";
        return target.resolveSibling(stem + "-" + schema.table() + ext);
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Sink s : sinks.values()) {
            try {
                s.close();
            } catch (IOException e) {
                if (first == null) first = e; else first.addSuppressed(e);
            }
        }
        sinks.clear();
        if (first != null) throw first;
    }

    @Override
    public String describe() {
        return target.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
