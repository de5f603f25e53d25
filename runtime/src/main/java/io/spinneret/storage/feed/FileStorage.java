package io.spinneret.storage.feed;

import io.spinneret.disk.FileErrors;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
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
 * batch is written to the operating system before {@link #write} returns, so it survives
 * the process being killed (not a power failure: nothing is fsynced until {@link #close}). A write
 * that fails (a full disk) leaves the file as it was before the batch, cut back to the end of the
 * last batch written, so the pipeline's retry of the batch neither duplicates nor garbles a line;
 * the exception names the operating system's reason ({@code No space left on device}).
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

    /**
     * One open file. A batch is written into {@link #out}, a buffer in memory, then to the file at
     * the end of what the batches before it wrote; a failed write (a full disk) cuts the file back
     * to that offset, so it holds whole batches only and a retry of the batch starts from a clean
     * end. The JSON or CSV writers never see the failure, so their state stays good for the retry.
     */
    abstract static class Sink implements AutoCloseable {
        final Path path;
        /** The current batch, until {@link #sync} writes it to the file. */
        final BatchBuffer out = new BatchBuffer();

        private final FileChannel channel;
        /** Where the last batch written ended: the file holds exactly this much. */
        private long good;

        Sink(Path path, boolean overwrite) throws IOException {
            this.path = path;
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            if (!overwrite && Files.exists(path)) dropPartialLastLine(path);
            this.channel = FileChannel.open(
                    path,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    overwrite ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.READ);
            this.good = channel.size();
        }

        /** Writes the batch into {@link #out}; {@link #sync} then puts it in the file. */
        abstract <T> void write(ItemSchema<T> schema, List<T> items) throws IOException;

        /** True while the file holds nothing: no batch was written to it, and it was new or emptied. */
        boolean isEmpty() {
            return good == 0;
        }

        /** Called before a batch is written into {@link #out} again after {@link #sync} failed. */
        void discardBatch() {
            out.reset();
        }

        /** Appends the buffered batch to the file, or leaves the file as it was and throws. */
        void sync() throws IOException {
            ByteBuffer batch = out.bytes();
            int n = batch.remaining();
            try {
                long at = good;
                while (batch.hasRemaining()) at += channel.write(batch, at);
            } catch (IOException e) {
                try {
                    channel.truncate(good); // frees what the batch took, so this works on a full disk too
                } catch (IOException cut) {
                    e.addSuppressed(cut);
                }
                throw new IOException(FileErrors.describe(e) + " (writing " + path + ")", e);
            } finally {
                out.reset();
            }
            good += n;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** A byte buffer in memory that a batch is written into; reset after each batch. */
    static final class BatchBuffer extends ByteArrayOutputStream {
        BatchBuffer() {
            super(1 << 16);
        }

        ByteBuffer bytes() {
            return ByteBuffer.wrap(buf, 0, count);
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
                            LOG.warn(
                                    "{} ended in a partial line (an interrupted write); dropped its last {} bytes",
                                    path,
                                    size - keep);
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
            FileChannel.open(
                            target,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE,
                            overwrite ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND)
                    .close();
        } catch (FileSystemException e) {
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
        sink.discardBatch(); // what a failed attempt of this batch left in the buffer
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
                if (first == null) first = e;
                else first.addSuppressed(e);
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
