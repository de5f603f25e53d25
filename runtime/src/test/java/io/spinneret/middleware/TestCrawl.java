package io.spinneret.middleware;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A crawl context plus the smallest engine that exercises the middlewares like the real one: a
 * FIFO frontier with fingerprint dedup (dont-filter bypasses it), every request on its own virtual
 * thread through {@link RealChain}, and termination on "nothing pending and nothing in flight",
 * where in flight ends only after the request's chain returned (so a retry scheduled inside the chain
 * keeps the crawl alive). A request to a host a middleware paused waits on its thread until the pause ends.
 */
final class TestCrawl implements CrawlContext {
    final Settings settings;
    final Stats stats = new Stats();
    private final Set<Fingerprint> seen = ConcurrentHashMap.newKeySet();
    private final LinkedBlockingQueue<Request> queue = new LinkedBlockingQueue<>();
    final List<Request> scheduled = new CopyOnWriteArrayList<>();
    final List<Request> refused = new CopyOnWriteArrayList<>();
    final List<Response> responses = new CopyOnWriteArrayList<>();
    final List<Exception> failures = new CopyOnWriteArrayList<>();
    final List<DropRequest> drops = new CopyOnWriteArrayList<>();
    /** Hosts paused by a middleware: until when (System.nanoTime). */
    final ConcurrentHashMap<String, Long> pausedUntil = new ConcurrentHashMap<>();

    TestCrawl(Settings settings) {
        this.settings = settings;
    }

    @Override
    public String spiderName() {
        return "test";
    }

    @Override
    public Settings settings() {
        return settings;
    }

    @Override
    public Stats stats() {
        return stats;
    }

    @Override
    public boolean schedule(Request request) {
        if (!request.dontFilter() && !seen.add(request.fingerprint())) {
            refused.add(request);
            stats.increment(Stats.DUPLICATES);
            return false;
        }
        scheduled.add(request);
        queue.add(request);
        return true;
    }

    @Override
    public void pauseDomain(String host, Duration pause) {
        long end = System.nanoTime() + pause.toNanos();
        pausedUntil.merge(host, end, Math::max);
    }

    /** Crawls from {@code seeds} until nothing is pending or in flight; fails the test after {@code limit}. */
    TestCrawl run(List<Middleware> chain, Downloader downloader, Duration limit, Request... seeds) throws Exception {
        for (Request r : seeds) schedule(r);
        AtomicInteger inFlight = new AtomicInteger();
        long deadline = System.nanoTime() + limit.toNanos();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            while (true) {
                Request r = queue.poll(5, TimeUnit.MILLISECONDS);
                if (r != null) {
                    inFlight.incrementAndGet();
                    threads.submit(() -> {
                        try {
                            Long until = pausedUntil.get(r.host()); // the real engine parks it without a slot
                            if (until != null && until - System.nanoTime() > 0)
                                Thread.sleep(Duration.ofNanos(until - System.nanoTime()));
                            stats.increment(Stats.REQUESTS);
                            responses.add(RealChain.execute(chain, r, downloader, this));
                            stats.increment(Stats.RESPONSES);
                        } catch (DropRequest d) {
                            drops.add(d);
                            stats.increment("dropped/" + d.reason());
                        } catch (Exception e) {
                            failures.add(e);
                            stats.increment(Stats.FAILURES);
                        } finally {
                            inFlight.decrementAndGet();
                        }
                        return null;
                    });
                } else if (inFlight.get() == 0 && queue.isEmpty()) {
                    return this;
                }
                if (System.nanoTime() > deadline) {
                    threads.shutdownNow();
                    throw new AssertionError("crawl did not finish within " + limit);
                }
            }
        }
    }

    TestCrawl run(List<Middleware> chain, Downloader downloader, Request... seeds) throws Exception {
        return run(chain, downloader, Duration.ofSeconds(15), seeds);
    }

    List<String> responseUrls() {
        return responses.stream().map(Response::url).sorted().toList();
    }
}
