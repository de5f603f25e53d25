package io.spinneret.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts queued runs, at most {@code serve_max_runs} at once, oldest first, and records how each
 * ended when its process exits. A run is a child process: when it crashes or runs out of memory,
 * only it ends, and the next queued run takes its place.
 */
final class RunQueue implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunQueue.class);
    /** How long a run may take to stop gracefully when the service stops: its shutdown_grace, and the flush. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

    private final Runs runs;
    private final RunLauncher launcher;
    private final Path dataDir;
    private final Clock clock;
    private final int maxRuns;
    private final Map<Long, Process> running = new LinkedHashMap<>();
    private final Set<Long> stopRequested = new HashSet<>();
    private boolean closing;

    RunQueue(Runs runs, RunLauncher launcher, Path dataDir, Clock clock, int maxRuns) {
        this.runs = runs;
        this.launcher = launcher;
        this.dataDir = dataDir;
        this.clock = clock;
        this.maxRuns = maxRuns;
    }

    RunFiles files(long id) {
        return RunFiles.of(dataDir, id);
    }

    /** Starts queued runs while there is room. */
    synchronized void dispatch() {
        if (closing) return;
        for (RunRecord next : runs.inState(RunState.QUEUED)) {
            if (running.size() >= maxRuns) return;
            start(next);
        }
    }

    private void start(RunRecord run) {
        RunFiles files = files(run.id());
        try {
            // a run stopped before it ever started has no queue to resume: it starts afresh
            boolean resume = run.resumed() > 0 && Files.isDirectory(files.jobDir());
            RunLauncher.Started started = launcher.start(run, files, resume);
            Process process = started.process();
            running.put(run.id(), process);
            runs.started(run.id(), process.pid(), started.livePort(), clock.instant());
            LOG.info("run {} ({}) started, process {}", run.id(), run.spider(), process.pid());
            process.onExit().thenRun(() -> ended(run.id(), process));
        } catch (IOException | RuntimeException e) {
            runs.ended(run.id(), RunState.FAILED, null, "could not start: " + e.getMessage(), clock.instant());
        }
    }

    private synchronized void ended(long id, Process process) {
        if (running.remove(id) == null) return; // given up on by close()
        RunOutcome outcome = RunOutcome.of(process.exitValue(), stopRequested.remove(id), closing, files(id));
        runs.ended(id, outcome.state(), process.exitValue(), outcome.reason(), clock.instant());
        LOG.info("run {} {}: {}", id, outcome.state().label(), outcome.reason());
        notifyAll();
        dispatch();
    }

    /**
     * Stops a run gracefully: a running one gets SIGTERM (its crawl stops taking requests, finishes
     * those in flight and stores its items); a queued one is never started.
     *
     * @return the run's state after the request, empty if there is no such run
     */
    synchronized Optional<RunState> stop(long id) {
        Optional<RunRecord> run = runs.get(id);
        if (run.isEmpty()) return Optional.empty();
        Process process = running.get(id);
        if (process != null) {
            stopRequested.add(id);
            process.destroy();
            return Optional.of(RunState.RUNNING);
        }
        if (run.get().state() == RunState.QUEUED) {
            runs.ended(id, RunState.STOPPED, null, "stopped through the API before it started", clock.instant());
            return Optional.of(RunState.STOPPED);
        }
        return Optional.of(run.get().state());
    }

    /** Queues a stopped or interrupted run again; it continues from its saved queue, adding to its items. */
    synchronized boolean resume(long id) {
        Optional<RunRecord> run = runs.get(id);
        if (run.isEmpty() || !run.get().state().resumable()) return false;
        runs.requeueForResume(id);
        dispatch();
        return true;
    }

    /** The runs a stop of the service left as running: marked interrupted, their processes stopped if still alive. */
    void recover() {
        for (RunRecord run : runs.inState(RunState.RUNNING)) {
            ProcessHandle.of(run.pid())
                    .filter(p -> p.info()
                            .arguments()
                            .map(a -> String.join(" ", a))
                            .orElse("")
                            .contains(files(run.id()).dir().toString()))
                    .ifPresent(orphan -> {
                        orphan.destroy();
                        orphan.onExit()
                                .completeOnTimeout(orphan, CLOSE_WAIT.toSeconds(), TimeUnit.SECONDS)
                                .join();
                    });
            runs.ended(
                    run.id(),
                    RunState.INTERRUPTED,
                    null,
                    "the service stopped while it ran; " + RunOutcome.RESUME,
                    clock.instant());
        }
    }

    /** Stops every running run gracefully and waits for them; they are marked interrupted. */
    @Override
    public synchronized void close() {
        closing = true;
        for (Process p : running.values()) p.destroy();
        long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
        while (!running.isEmpty()) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                for (Map.Entry<Long, Process> run : running.entrySet()) {
                    run.getValue().destroyForcibly();
                    runs.ended(
                            run.getKey(),
                            RunState.INTERRUPTED,
                            null,
                            "the service stopped and killed it after " + CLOSE_WAIT.toSeconds() + " s; "
                                    + RunOutcome.RESUME,
                            clock.instant());
                }
                running.clear();
                break;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }
}
