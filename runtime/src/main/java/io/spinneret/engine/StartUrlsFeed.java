package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.disk.FileErrors;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import io.spinneret.url.AbsoluteUrl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start requests of {@code start_urls_file}: its lines read while the crawl runs, a batch of
 * {@value #BATCH} at a time (or fewer, when no more can be read without waiting), and pushed only while the scheduler holds fewer than {@link #watermark}
 * pending requests, so a file of a million URLs never sits in memory (the scheduler's set of seen
 * fingerprints still grows with it). A line is one URL; blank lines and lines starting with
 * {@code #} are skipped; a line that is no absolute http(s) URL ({@link AbsoluteUrl}) is counted as
 * {@code start_urls_file/invalid} and logged with the reason (the first few), the others are
 * crawled as the URL parser serializes them. {@code -} reads standard input.
 *
 * <p>The engine runs {@link #run} on a virtual thread of its own and does not end the crawl on an
 * empty queue before it returns ({@link Engine#feed}). Each batch becomes requests as the start URLs of
 * {@code start_urls} do (the spider's {@code @Start} method, called once per batch, or a request
 * per URL to {@code parse}).
 */
public final class StartUrlsFeed implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StartUrlsFeed.class);
    static final int BATCH = 1000;
    private static final int LOGGED_INVALID = 5;
    static final String INVALID = "start_urls_file/invalid";

    private final BufferedReader in;
    private final String source;
    private final boolean stdin;
    private final long watermark;

    private StartUrlsFeed(BufferedReader in, String source, long watermark) {
        this.in = in;
        this.source = source;
        this.stdin = source.equals("standard input");
        this.watermark = watermark;
    }

    /**
     * Opens {@code start_urls_file}; standard input for {@code -}.
     *
     * @param concurrency the crawl's; the feed keeps at least a batch and twice this many pending
     * @throws SpinneretException if the file cannot be opened
     */
    public static StartUrlsFeed open(String file, int concurrency) {
        long watermark = Math.max(BATCH, 2L * concurrency);
        if (file.equals("-")) {
            return new StartUrlsFeed(
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
                    "standard input",
                    watermark);
        }
        Path path = Path.of(file);
        // the setting names a file that is not there to read: a mistake in the command line or settings
        String named = Setting.START_URLS_FILE.key() + " " + file;
        if (Files.isDirectory(path)) throw new InvalidSettingException(named + " is a directory");
        try {
            return new StartUrlsFeed(Files.newBufferedReader(path, StandardCharsets.UTF_8), file, watermark);
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw new InvalidSettingException("cannot read " + named + ": " + FileErrors.describe(e));
        } catch (IOException | RuntimeException e) {
            throw new SpinneretException("cannot read " + named + ": " + FileErrors.describe(e), e);
        }
    }

    /**
     * Reads the lines and pushes them, batch by batch, until the end of the input or {@code stopping}.
     *
     * @param toRequests the start requests of a batch of URLs
     * @param push queues them (as start requests)
     */
    void run(
            Scheduler scheduler,
            Stats stats,
            Function<List<String>, List<Request>> toRequests,
            Consumer<List<Request>> push,
            BooleanSupplier stopping) {
        long lines = 0;
        try {
            List<String> batch = new ArrayList<>(BATCH);
            for (String line; !stopping.getAsBoolean() && (line = in.readLine()) != null; ) {
                lines++;
                String url = line.strip();
                if (url.isEmpty() || url.startsWith("#")) continue;
                try {
                    batch.add(AbsoluteUrl.href(url));
                } catch (IllegalArgumentException bad) {
                    stats.increment(INVALID);
                    if (stats.get(INVALID) <= LOGGED_INVALID) {
                        LOG.warn("{}, line {}: {}; skipped", source, lines, bad.getMessage());
                    }
                    continue;
                }
                // a full batch, or all there is for now: a pipe (standard input) may give the next line much later
                if (batch.size() == BATCH || !in.ready()) {
                    pushWhenThereIsRoom(scheduler, toRequests.apply(batch), push, stopping);
                    batch = new ArrayList<>(BATCH);
                }
            }
            if (!batch.isEmpty() && !stopping.getAsBoolean()) push.accept(toRequests.apply(batch));
            LOG.debug("{} lines of start URLs read from {}", lines, source);
        } catch (IOException e) {
            if (!stopping.getAsBoolean())
                LOG.error("reading start URLs from {} failed after {} lines: {}", source, lines, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("start URLs from {}, after line {}: {}", source, lines, e.getMessage());
        } finally {
            close();
        }
    }

    /** Closes a file (standard input stays open); a read in progress then ends. */
    @Override
    public void close() {
        if (stdin) return;
        try {
            in.close();
        } catch (IOException e) {
            LOG.debug("closing {}: {}", source, e.toString());
        }
    }

    private void pushWhenThereIsRoom(
            Scheduler scheduler, List<Request> requests, Consumer<List<Request>> push, BooleanSupplier stopping)
            throws InterruptedException {
        while (scheduler.pendingCount() >= watermark && !stopping.getAsBoolean()) Thread.sleep(5);
        if (!stopping.getAsBoolean()) push.accept(requests);
    }
}
