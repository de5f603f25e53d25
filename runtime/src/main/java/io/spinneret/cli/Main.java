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
 * <p>Exit codes: listed in docs/cli.md ("Signals and exit codes"), the one place that says what
 * each means: 0, 1 (failures), 2 (usage or configuration error), 3 (nothing crawled) and 128 + a
 * signal's number (see {@link Signals}). Errors are one line on stderr; {@code --log-level debug}
 * adds the stack trace.
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
