package io.spinneret.cli;

import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.redis.RedisCrawlStatus;
import io.spinneret.scheduler.redis.RedisScheduler;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spinneret status --redis URL}: a distributed crawl's state, queue per host and nodes with their leases. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description =
                "Show a distributed crawl: its state, queue per host, and the nodes with the age of their leases.",
        footer = {"", "Exit codes: 0 the crawl exists, 1 Redis cannot be reached, 3 no crawl of that id."})
final class StatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--redis",
            required = true,
            paramLabel = "URL",
            description = "the crawl's Redis, e.g. redis://127.0.0.1:6379/0")
    String redis = "";

    @Option(
            names = "--crawl-id",
            required = true,
            paramLabel = "ID",
            description = "the crawl (by default a crawl's id is its spider's name)")
    String crawlId = "";

    @Option(
            names = "--visibility-timeout",
            paramLabel = "SECONDS",
            description =
                    "the crawl's visibility_timeout: a node silent for longer is shown dead (default: ${DEFAULT-VALUE})")
    double visibilityTimeout = 15;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RedisCrawlStatus status;
        try (RedisScheduler crawl =
                RedisScheduler.inspect(redis, crawlId, Duration.ofMillis((long) (visibilityTimeout * 1000)))) {
            status = crawl.status();
        } catch (SpinneretException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return 1;
        }
        out.print(status.describe());
        out.flush();
        return status.state().equals("unknown") && status.pending() + status.inFlight() + status.seen() == 0 ? 3 : 0;
    }
}
