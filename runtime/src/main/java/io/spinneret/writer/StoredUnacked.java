package io.spinneret.writer;

import io.spinneret.spi.Lease;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests whose items were stored in a file output but whose leases the scheduler failed to
 * acknowledge (its Redis stayed down, its SQLite disk filled): a file beside the first file output,
 * {@code <output>.stored-unacked}, one request fingerprint a line, written (and synced) when the
 * acknowledgement fails. The scheduler still holds those
 * requests, so a resumed crawl does them again; their items are then not stored a second time: the
 * lease is acknowledged without them ({@link #take}). A file output cannot be updated in place as a
 * database output is upserted, so this is what keeps JSONL and CSV free of repeats. An output
 * overwritten ({@code -O}) starts without the file.
 */
public final class StoredUnacked {
    private static final Logger LOG = LoggerFactory.getLogger(StoredUnacked.class);
    static final String SUFFIX = ".stored-unacked";

    private final Path file;
    private final Set<String> stored = ConcurrentHashMap.newKeySet();

    private StoredUnacked(Path file) {
        this.file = file;
    }

    /**
     * The journal beside the file output {@code output}, with what an earlier crawl left in it
     * (dropped if {@code overwrite}: the output starts empty).
     */
    public static StoredUnacked beside(Path output, boolean overwrite) {
        StoredUnacked j = new StoredUnacked(output.resolveSibling(output.getFileName() + SUFFIX));
        try {
            if (overwrite) Files.deleteIfExists(j.file);
            else if (Files.exists(j.file)) {
                for (String line : Files.readAllLines(j.file, StandardCharsets.US_ASCII))
                    if (!line.isBlank()) j.stored.add(line.strip());
                LOG.info(
                        "{} requests of the last crawl were stored in {} but not acknowledged: done again, their"
                                + " items are not stored twice",
                        j.stored.size(),
                        output);
            }
        } catch (IOException e) {
            LOG.warn("cannot read {}: {}", j.file, e.toString());
        }
        return j;
    }

    /** Records the requests of these leases as stored (and flushed to disk) before the crawl fails. */
    void record(Collection<Lease> leases) {
        StringBuilder b = new StringBuilder();
        for (Lease l : leases) b.append(l.request().fingerprint().hex()).append('\n');
        try (FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.US_ASCII)));
            ch.force(true);
        } catch (IOException e) {
            LOG.error(
                    "cannot record the {} requests stored but not acknowledged in {} ({}): a resumed crawl stores"
                            + " their items again",
                    leases.size(),
                    file,
                    e.toString());
        }
    }

    /** True, once, if this lease's request was stored by an earlier crawl; the file goes when all are taken. */
    boolean take(Lease lease) {
        if (stored.isEmpty() || !stored.remove(lease.request().fingerprint().hex())) return false;
        if (stored.isEmpty()) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.debug("cannot delete {}: {}", file, e.toString());
            }
        }
        return true;
    }
}
