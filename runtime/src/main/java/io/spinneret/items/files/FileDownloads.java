package io.spinneret.items.files;

import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Setting;
import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.StoredFile;
import io.spinneret.disk.FileErrors;
import io.spinneret.internal.ItemSchema;
import io.spinneret.middleware.RetryPolicy;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files pipeline (Scrapy's {@code FilesPipeline}): before the items of a response go to
 * storage, the files of their {@code @FileUrl} components are downloaded and kept in the
 * {@link FileStore}, and each item is replaced by a copy whose {@link StoredFile}s carry the path,
 * the checksum and the status.
 *
 * <p>Files go through the crawl's own chain ({@link Fetch}: the HTTP cache, robots.txt, user agent,
 * proxy, throttling, cookies, the downloader and its {@code max_body_size}) but are retried here,
 * on the item's thread, with the crawl's {@link RetryPolicy}: the retry middleware would send a
 * retry back to the scheduler as a page. A URL already stored (by this crawl or an earlier one,
 * through the store's index) is not fetched again; two items asking for one URL at once share one
 * download. A file that cannot be had is not an error of the crawl: its status says why
 * ({@code failed: HTTP 404}) and the item is stored all the same.
 *
 * <p>Stats: {@code files/downloaded}, {@code files/uptodate}, {@code files/duplicate},
 * {@code files/failed}. Thread-safe.
 */
public final class FileDownloads implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FileDownloads.class);

    /** Fetches one file through the crawl's chain, as a side request (not counted as a page). */
    @FunctionalInterface
    public interface Fetch {
        Response fetch(Request request) throws Exception;
    }

    private final FileStore store;
    private final Fetch fetch;
    private final RetryPolicy retry;
    private final Stats stats;
    private final ConcurrentHashMap<String, CompletableFuture<StoredFile>> inProgress = new ConcurrentHashMap<>();

    public FileDownloads(FileStore store, Fetch fetch, RetryPolicy retry, Stats stats) {
        this.store = store;
        this.fetch = fetch;
        this.retry = retry;
        this.stats = stats;
    }

    /** The pipeline of a crawl: files under {@code files_store}, retried as {@code retry_*} say. */
    public static FileDownloads from(Settings settings, Fetch fetch, Stats stats) {
        return new FileDownloads(
                new FileStore(Path.of(settings.getString(Setting.FILES_STORE))),
                fetch,
                RetryPolicy.from(settings),
                stats);
    }

    public FileStore store() {
        return store;
    }

    /**
     * The items with their files handled, in the same order; items without {@code @FileUrl}
     * components, or whose files were all handled already, are returned as they are.
     *
     * @throws InterruptedException if the crawl's stop interrupted a download: the items were not
     *     stored and their request should be tried again
     */
    public List<Object> download(List<Object> items, List<ItemSchema<?>> schemas) throws InterruptedException {
        List<Object> out = null;
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            Object handled = handle(item, schemas.get(i));
            if (handled != item && out == null) out = new ArrayList<>(items);
            if (out != null) out.set(i, handled);
        }
        return out == null ? items : out;
    }

    @SuppressWarnings("unchecked")
    private <T> Object handle(Object item, ItemSchema<T> schema) throws InterruptedException {
        if (!schema.hasFiles()) return item;
        T typed = (T) item;
        List<StoredFile> files = schema.files(typed);
        if (files.stream().allMatch(StoredFile::handled)) return item;
        List<StoredFile> done = new ArrayList<>(files.size());
        for (StoredFile f : files) done.add(f.handled() ? f : resolve(f.url()));
        return schema.withFiles(typed, done);
    }

    private StoredFile resolve(String url) throws InterruptedException {
        StoredFile known;
        try {
            known = store.known(url);
        } catch (IOException e) {
            return counted(failed(url, "cannot read the index of " + store.folder() + ": " + FileErrors.describe(e)));
        }
        if (known != null) return counted(known);
        CompletableFuture<StoredFile> mine = new CompletableFuture<>();
        CompletableFuture<StoredFile> theirs = inProgress.putIfAbsent(url, mine);
        if (theirs != null) {
            try {
                StoredFile f = theirs.get();
                // fetched once, for the other item: for this one it was already there
                return counted(f.stored() ? new StoredFile(url, f.path(), f.checksum(), StoredFile.UPTODATE) : f);
            } catch (ExecutionException e) {
                // the other item's download was stopped (a signal); otherwise fetchAndKeep returns, it does not throw
                if (e.getCause() instanceof InterruptedException)
                    throw new InterruptedException("stopping: " + url + " not fetched");
                throw new IllegalStateException(e.getCause());
            }
        }
        StoredFile f;
        try {
            f = fetchAndKeep(url);
            mine.complete(f);
        } catch (InterruptedException | RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inProgress.remove(url, mine);
        }
        return counted(f);
    }

    private StoredFile fetchAndKeep(String url) throws InterruptedException {
        Request request = Request.builder(url).renderer(Renderer.HTTP).build();
        for (int attempt = 0; ; attempt++) {
            Response r;
            try {
                r = fetch.fetch(request);
            } catch (InterruptedException e) {
                throw e;
            } catch (DropRequest d) {
                return failed(url, "dropped (" + d.reason() + ")");
            } catch (MalformedURLException e) {
                return failed(url, e.getMessage());
            } catch (IOException e) {
                boolean tooLarge = String.valueOf(e.getMessage()).contains("max_body_size");
                if (tooLarge || attempt >= retry.times()) return failed(url, FileErrors.describe(e));
                Thread.sleep(retry.delay(attempt, null));
                continue;
            } catch (Exception e) {
                return failed(url, e.toString());
            }
            if (r.status() >= 200 && r.status() < 300) return keep(url, r);
            if (!retry.retryable(r.status()) || attempt >= retry.times()) return failed(url, "HTTP " + r.status());
            Thread.sleep(retry.delay(attempt, r));
        }
    }

    private StoredFile keep(String url, Response r) {
        try {
            FileStore.Kept kept = store.put(
                    url,
                    r.body(),
                    FileExtensions.of(url, r.header("Content-Type").orElse(null)));
            return new StoredFile(
                    url, kept.path(), kept.checksum(), kept.written() ? StoredFile.DOWNLOADED : StoredFile.DUPLICATE);
        } catch (IOException e) {
            return failed(url, "cannot write to " + store.folder() + ": " + FileErrors.describe(e));
        }
    }

    private static StoredFile failed(String url, String why) {
        LOG.warn("file {} not stored: {}", url, why);
        return new StoredFile(url, null, null, StoredFile.FAILED + ": " + why);
    }

    private StoredFile counted(StoredFile f) {
        String status = f.status() == null ? "" : f.status();
        stats.increment("files/" + (status.startsWith(StoredFile.FAILED) ? StoredFile.FAILED : status));
        return f;
    }

    /** Closes the store's index. */
    @Override
    public void close() {
        try {
            store.close();
        } catch (IOException e) {
            LOG.warn("closing the files index in {} failed: {}", store.folder(), FileErrors.describe(e));
        }
    }
}
