package io.spinneret.serve;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * How a run's process ended, as a state and an exit reason: the decision of one place.
 *
 * <ul>
 *   <li>the service was stopping, or a SIGINT, SIGTERM or SIGHUP from elsewhere stopped the crawl
 *       gracefully: {@code interrupted} (its queue is saved; resume it);</li>
 *   <li>stopped through the API: {@code stopped};</li>
 *   <li>exit 0: {@code finished}, with the stats file's {@code stop_reason};</li>
 *   <li>anything else: {@code failed}, with the reason the log gives: out of memory, killed by a
 *       signal, or the run's last {@code error:} line.</li>
 * </ul>
 */
record RunOutcome(RunState state, String reason) {
    /** What an interrupted run's reason ends with. */
    static final String RESUME = "resume the run to continue it";

    static RunOutcome of(int exitCode, boolean stopRequested, boolean serviceClosing, RunFiles files) {
        if (serviceClosing) return new RunOutcome(RunState.INTERRUPTED, "the service stopped; " + RESUME);
        if (stopRequested) return new RunOutcome(RunState.STOPPED, "stopped on request");
        if (exitCode == 0) return new RunOutcome(RunState.FINISHED, stopReason(files));
        if (exitCode == 129 || exitCode == 130 || exitCode == 143) {
            // SIGHUP, SIGINT or SIGTERM from outside (a Ctrl-C reaches the runs too): a graceful stop, its queue saved
            return new RunOutcome(RunState.INTERRUPTED, "stopped by signal " + (exitCode - 128) + "; " + RESUME);
        }
        List<String> log = tail(files);
        if (log.stream().anyMatch(l -> l.contains("OutOfMemoryError"))) {
            return new RunOutcome(
                    RunState.FAILED,
                    "out of memory (exit " + exitCode + "); give runs more with serve_java_options=-Xmx...");
        }
        for (int i = log.size() - 1; i >= 0; i--) {
            if (log.get(i).startsWith("error: ")) {
                return new RunOutcome(RunState.FAILED, log.get(i).substring(7) + " (exit " + exitCode + ")");
            }
        }
        if (exitCode > 128) return new RunOutcome(RunState.FAILED, "killed by signal " + (exitCode - 128));
        return new RunOutcome(RunState.FAILED, "exit " + exitCode);
    }

    private static String stopReason(RunFiles files) {
        JsonNode stats = RunStats.read(files);
        return stats == null ? "finished" : stats.path("stop_reason").asText("finished");
    }

    /** The last lines of the run's log. */
    private static List<String> tail(RunFiles files) {
        try {
            List<String> lines = Files.readAllLines(files.log(), StandardCharsets.UTF_8);
            return lines.subList(Math.max(0, lines.size() - 50), lines.size());
        } catch (IOException e) {
            return List.of();
        }
    }
}
