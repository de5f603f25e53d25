package io.spinneret.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Command lines for child processes that a test sends SIGINT, SIGTERM or SIGHUP to. A child
 * inherits the signals its parent ignores, and a build started from a script in the background
 * (or under {@code nohup}) ignores SIGINT and SIGHUP; a crawler rightly keeps ignoring them, so a
 * test of its signal handling would then see nothing happen. Where {@code env --default-signal}
 * exists (GNU coreutils 8.31+), the child is started through it, with those three signals at their
 * defaults as from a terminal; {@code env} execs the command, so the pid is the command's own.
 */
public final class SignalledProcess {
    private static final List<String> RESET = List.of("env", "--default-signal=HUP,INT,TERM");
    private static final boolean CAN_RESET = probe();

    private SignalledProcess() {}

    /** {@code command}, started with SIGHUP, SIGINT and SIGTERM at their default dispositions where possible. */
    public static List<String> command(List<String> command) {
        if (!CAN_RESET) return command;
        List<String> full = new ArrayList<>(RESET);
        full.addAll(command);
        return full;
    }

    private static boolean probe() {
        List<String> check = new ArrayList<>(RESET);
        check.add("true");
        try {
            return new ProcessBuilder(check)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor()
                    == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
