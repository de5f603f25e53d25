package io.spinneret.scheduler;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.scheduler.redis.RedisScheduler;
import io.spinneret.scheduler.redis.SeenFilter;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Scheduler;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens the scheduler a crawl's settings ask for ({@link Setting#SCHEDULER}). */
public final class Schedulers {
    private static final Logger LOG = LoggerFactory.getLogger(Schedulers.class);

    private Schedulers() {}

    /**
     * Starts loading, on a thread of its own, what opening a scheduler of {@code kind} will need
     * first (the SQLite driver's native library, the Redis client's classes and scripts), so that
     * it overlaps the rest of the start-up (reading the spider catalogue, resolving settings) on
     * another core instead of adding to it: tens of milliseconds of a crawl's start (measured in
     * docs/performance.md: 5.5 % of a one-page crawl on Redis, 1.5 % of a books re-crawl on SQLite). Best effort:
     * a failure here is left for {@link #open} to meet and report. Does nothing for {@code memory}
     * or an unknown kind.
     */
    public static void warmUp(String kind) {
        Runnable work = switch (kind) {
            case "sqlite" -> SqliteScheduler::warmUp;
            case "redis" -> RedisScheduler::warmUp;
            default -> null;
        };
        if (work == null) return;
        Thread.ofPlatform().daemon().name("spinneret-warm-up").start(() -> {
            try {
                work.run();
            } catch (RuntimeException | LinkageError e) {
                LOG.debug("warming up the {} scheduler failed: {}", kind, e.toString());
            }
        });
    }

    /**
     * Opens the scheduler of a crawl.
     *
     * <ul>
     *   <li>{@code memory}: always fresh. If the job directory holds an unfinished crawl, a warning
     *       says that this run leaves it alone and how to continue it.</li>
     *   <li>{@code sqlite}: the job in {@code <job_dir>/<spider>/frontier.db}. With {@code resume},
     *       continues it (in-flight requests come back, seen fingerprints are kept); without,
     *       starts afresh if the job finished and refuses if it holds unfinished work.</li>
     *   <li>{@code redis}: joins the crawl {@code crawl_id} (default: the spider's name) under
     *       {@code spinneret:{<crawl id>}:} at {@code redis_url}. A crawl that finished is refused
     *       ({@link io.spinneret.spi.CrawlFinishedException}) unless {@code resume} (crawl what it
     *       has not seen) or {@code new_crawl} (clear it and start again).</li>
     * </ul>
     *
     * @param spiderName namespaces persistent and shared state (job directory, Redis keys)
     * @param resume true to continue the state a previous run left; false to start fresh
     * @throws io.spinneret.api.SpinneretException if the state cannot be opened or must not be
     *     overwritten
     */
    public static Scheduler open(Settings settings, String spiderName, boolean resume) {
        String kind = settings.getChoice(Setting.SCHEDULER);
        switch (kind) {
            // each implementation adds its case here
            case "memory" -> {
                warnIfUnfinished(jobDirectory(settings, spiderName));
                return new MemoryScheduler();
            }
            case "sqlite" -> {
                return SqliteScheduler.open(jobDirectory(settings, spiderName), resume);
            }
            case "redis" -> {
                String crawlId = settings.getString(Setting.CRAWL_ID).isBlank()
                        ? spiderName
                        : settings.getString(Setting.CRAWL_ID);
                RedisScheduler.Mode mode = settings.getBoolean(Setting.NEW_CRAWL)
                        ? RedisScheduler.Mode.NEW
                        : resume ? RedisScheduler.Mode.REOPEN : RedisScheduler.Mode.JOIN;
                return RedisScheduler.open(
                        new RedisScheduler.Options(
                                        settings.getString(Setting.REDIS_URL),
                                        crawlId,
                                        settings.getDuration(Setting.VISIBILITY_TIMEOUT),
                                        settings.getDuration(Setting.REDIS_RETRY_TIMEOUT))
                                .withWaitReplicas(settings.getInt(Setting.REDIS_WAIT_REPLICAS)),
                        mode,
                        seenFilter(settings));
            }
            default -> throw new UnsupportedOperationException("scheduler '" + kind + "' is not available yet");
        }
    }

    /** The seen filter {@code redis_seen_filter} asks for a new Redis crawl. */
    static SeenFilter seenFilter(Settings settings) {
        if (!settings.getChoice(Setting.REDIS_SEEN_FILTER).equals("bloom")) return SeenFilter.exact();
        try {
            return SeenFilter.bloom(
                    settings.getLong(Setting.REDIS_BLOOM_CAPACITY), settings.getDouble(Setting.REDIS_BLOOM_ERROR_RATE));
        } catch (IllegalArgumentException e) {
            throw new SpinneretException("redis_seen_filter=bloom: " + e.getMessage(), e);
        }
    }

    /**
     * A run without {@code --resume} crawls afresh in memory and leaves an interrupted job's state
     * alone; it says so, since the user may have meant to continue it.
     */
    private static void warnIfUnfinished(Path jobDir) {
        if (!Files.isDirectory(jobDir)) return;
        SqliteScheduler.unfinishedJob(jobDir).ifPresent(summary -> {
            if (summary.equals(SqliteScheduler.IN_USE)) {
                LOG.warn("{} is {}; this run crawls afresh in memory and leaves it alone.", jobDir, summary);
            } else {
                LOG.warn(
                        "{} holds an unfinished crawl ({}); this run starts afresh and leaves it as it is. "
                                + "Run with --resume to continue it instead.",
                        jobDir,
                        summary);
            }
        });
    }

    /** Where a resumable crawl of {@code spiderName} keeps its state: {@code <job_dir>/<spider>}. */
    public static Path jobDirectory(Settings settings, String spiderName) {
        return Path.of(settings.getString(Setting.JOB_DIR)).resolve(spiderName);
    }
}
