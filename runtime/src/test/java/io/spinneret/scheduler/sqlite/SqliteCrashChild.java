package io.spinneret.scheduler.sqlite;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A process for {@link SqliteSchedulerTest} to kill: pushes {@code args[1]} requests into the job
 * at {@code args[0]}, then takes and acks them one by one, printing {@code took <url>} and
 * {@code acked <url>} after each call returns, until it is killed.
 */
public final class SqliteCrashChild {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        try (SqliteScheduler s = SqliteScheduler.open(Path.of(args[0]), false)) {
            List<Request> batch = new ArrayList<>();
            for (int i = 0; i < n; i++) batch.add(Request.of("http://example.com/crash/" + i));
            s.pushAll(batch);
            System.out.println("pushed " + n);
            System.out.flush();
            while (true) {
                Lease lease = s.poll(Duration.ofSeconds(1));
                if (lease == null) break;
                System.out.println("took " + lease.request().url());
                System.out.flush();
                s.ack(lease);
                System.out.println("acked " + lease.request().url());
                System.out.flush();
                Thread.sleep(1); // leave the parent time to kill it mid-crawl
            }
        }
    }
}
