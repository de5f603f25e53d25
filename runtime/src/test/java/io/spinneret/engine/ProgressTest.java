package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.spi.Stats;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void aLogLineWrittenWhileTheLiveLineIsShownStartsAtTheLeftMargin() throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        PrintStream terminal = new PrintStream(screen, true, StandardCharsets.UTF_8);
        PrintStream realErr = System.err;
        System.setErr(terminal);
        Stats stats = new Stats();
        stats.add(Stats.RESPONSES, 42);
        try {
            Progress progress = Progress.live(stats, () -> 7, () -> 3, terminal, 10);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!screen.toString(StandardCharsets.UTF_8).contains("queue 7 | in flight 3")
                    && System.nanoTime() < end) Thread.sleep(5);
            assertTrue(
                    screen.toString(StandardCharsets.UTF_8).startsWith("\r42 pages | 0 items | "),
                    screen.toString(StandardCharsets.UTF_8));

            // text and newline written apart, with ticks in between: the line waits for the newline
            System.err.print("12:00:00.000 [WARN] Engine - GET http://x/ failed");
            System.err.flush();
            Thread.sleep(50);
            System.err.println();
            progress.stop();
            assertSame(terminal, System.err, "the original stream is back");

            String all = screen.toString(StandardCharsets.UTF_8);
            int log = all.indexOf("12:00:00.000 [WARN]");
            String before = all.substring(0, log);
            // the live line, then spaces over all of it, then the margin: the log line is not glued to the line's end
            assertTrue(before.matches("(?s)\r42 pages .*\r {40,}\r"), before.replace("\r", "\\r"));
            assertTrue(all.substring(log)
                    .startsWith("12:00:00.000 [WARN] Engine - GET http://x/ failed" + System.lineSeparator()));
        } finally {
            System.setErr(realErr);
        }
    }
}
