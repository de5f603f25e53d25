package io.spinneret.items.files;

import io.spinneret.api.StoredFile;
import io.spinneret.disk.AtomicMove;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The folder of downloaded files ({@code files_store}): each file is kept once, as
 * {@code <sha256 of the content>.<extension>}, and an index ({@value #INDEX}, one line of URL, path
 * and checksum per URL stored) lets a later crawl find a URL without fetching it again. A file is
 * written aside and moved into place, then indexed, so a crash leaves either no trace or a file
 * that the next crawl finds by its content. Thread-safe.
 */
public final class FileStore {
    /** The index file inside the folder. */
    public static final String INDEX = "index.tsv";

    /** A file as kept: its path relative to the folder and its checksum. */
    record Kept(String path, String checksum, boolean written) {}

    private final Path folder;
    private final Map<String, StoredFile> byUrl = new ConcurrentHashMap<>();
    private final ReentrantLock indexLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    private @Nullable BufferedWriter index;
    private volatile boolean loaded;

    /** A store in {@code folder}; nothing is read or created until the first file. */
    public FileStore(Path folder) {
        this.folder = folder;
    }

    /** Reads the index of earlier crawls, once. */
    private void load() throws IOException {
        if (loaded) return;
        indexLock.lock();
        try {
            if (loaded) return;
            Path idx = folder.resolve(INDEX);
            if (Files.exists(idx)) {
                for (String line : Files.readAllLines(idx, StandardCharsets.UTF_8)) {
                    String[] cols = line.split("\t");
                    if (cols.length == 3)
                        byUrl.put(cols[0], new StoredFile(cols[0], cols[1], cols[2], StoredFile.UPTODATE));
                }
            }
            loaded = true;
        } finally {
            indexLock.unlock();
        }
    }

    public Path folder() {
        return folder;
    }

    /** The URL as an earlier item or crawl stored it, if its file is still there. */
    @Nullable
    StoredFile known(String url) throws IOException {
        load();
        StoredFile f = byUrl.get(url);
        if (f == null || f.path() == null || !Files.exists(folder.resolve(f.path()))) return null;
        return new StoredFile(url, f.path(), f.checksum(), StoredFile.UPTODATE);
    }

    /** Keeps {@code content} under its hash (unless a file of that content is there) and indexes {@code url}. */
    Kept put(String url, byte[] content, String extension) throws IOException {
        load();
        String checksum = sha256(content);
        String name = checksum + extension;
        Path target = folder.resolve(name);
        boolean written = false;
        // one writer at a time: two items with the same content at once must not both count it as written
        writeLock.lock();
        try {
            if (!Files.exists(target)) {
                Files.createDirectories(folder);
                Path tmp = Files.createTempFile(folder, ".part-", ".tmp");
                try {
                    Files.write(tmp, content);
                    AtomicMove.replace(tmp, target);
                    written = true;
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        } finally {
            writeLock.unlock();
        }
        index(url, name, checksum);
        return new Kept(name, checksum, written);
    }

    private void index(String url, String path, String checksum) throws IOException {
        if (url.indexOf('\t') >= 0 || url.indexOf('\n') >= 0)
            return; // cannot be a line of the index: fetched again next time
        indexLock.lock();
        try {
            if (byUrl.containsKey(url) && path.equals(byUrl.get(url).path())) return;
            if (index == null) {
                Files.createDirectories(folder);
                index = Files.newBufferedWriter(
                        folder.resolve(INDEX),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
            index.write(url + "\t" + path + "\t" + checksum + "\n");
            index.flush();
            byUrl.put(url, new StoredFile(url, path, checksum, StoredFile.UPTODATE));
        } finally {
            indexLock.unlock();
        }
    }

    /** Closes the index. */
    public void close() throws IOException {
        indexLock.lock();
        try {
            if (index != null) index.close();
            index = null;
        } finally {
            indexLock.unlock();
        }
    }

    /** The URLs indexed so far, for tests and tools. */
    List<String> urls() {
        return List.copyOf(byUrl.keySet());
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
