package io.spinneret.cli;

import java.io.PrintStream;

/**
 * The {@code spinneret} command line: {@code spinneret list | run <spider>}, started as
 * {@code bin/spinneret} (the distribution), {@code java -jar runtime.jar} or
 * {@code java -cp ... io.spinneret.cli.Main}. It runs in the JVM it was started in, so every JVM
 * option and variable ({@code -Xmx}, {@code JDK_JAVA_OPTIONS}, {@code JAVA_TOOL_OPTIONS}, agents,
 * debuggers) applies to the crawl as given. The options that suit a crawl are in the
 * distribution's {@code conf/jvm.options}; {@code java -jar} runs with the JVM's defaults.
 *
 * <p>Exit codes: 0 success, 1 the crawl finished with failures (or storage failed, or the JVM or
 * the jar's {@code lib/} is not usable), 2 a usage or configuration error, and after a signal
 * 128 + its number: 130 after SIGINT (Ctrl-C), 143 after SIGTERM, 129 after SIGHUP (see
 * {@link Signals}). Errors are one line on stderr; {@code --log-level debug} adds the stack trace.
 */
public final class Main {
    /** The version printed by {@code --version}. */
    public static final String VERSION = "0.1.0";

    private Main() {}

    public static void main(String[] args) {
        Logging.configure(Logging.levelFrom(args));
        int code = execute(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** Runs the command line with these streams and returns the exit code (for tests and embedding). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(args, out, err);
    }
}
