package io.spinneret.scheduler.redis;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What the code under test logs: slf4j-simple writes to standard error, captured while a body runs. */
final class CapturedLogs {
    private CapturedLogs() {}

    /** Something to run that may throw. */
    interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} with standard error captured, and returns what was written (echoed to the real one too). */
    static String during(Body body) throws Exception {
        PrintStream before = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(before);
        }
        String logs = bytes.toString(StandardCharsets.UTF_8);
        before.print(logs);
        return logs;
    }
}
