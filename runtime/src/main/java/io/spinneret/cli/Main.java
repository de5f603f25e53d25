package io.spinneret.cli;

import java.io.PrintStream;

/**
 * The {@code spinneret} command line: {@code java -jar runtime.jar list | run <spider>}.
 *
 * <p>Exit codes: 0 success, 1 the crawl finished with failures (or storage failed), 2 a usage or
 * configuration error, 130 interrupted. Errors are one line on stderr; {@code --log-level debug}
 * adds the stack trace.
 *
 * <p>This class is kept free of the command-line library so that the {@link Launcher}, which
 * starts a crawl in a tuned child JVM, loads as little as possible.
 */
public final class Main {
    /** The version printed by {@code --version}. */
    public static final String VERSION = "0.1.0";

    private Main() {}

    public static void main(String[] args) {
        // a crawl runs in a child JVM with options suited to it, unless told otherwise (see Launcher)
        int forked = Launcher.maybeFork(args, new Throwable().getStackTrace().length);
        if (forked >= 0) System.exit(forked);
        Launcher.watchLauncher();
        Logging.configure(Logging.levelFrom(args));
        int code = execute(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /**
     * The fork step of {@link #main}, for a program whose own {@code main} wraps this CLI (the
     * examples launcher): when the process was started as {@code java -jar <its jar> run ...}, the
     * same command line runs again in a child JVM tuned as {@link Launcher} describes, exactly as
     * for {@code java -jar runtime.jar run ...}. Call it first thing in that {@code main}.
     *
     * @return the child's exit code, or -1 if the caller should go on in this JVM (always so in the child)
     */
    public static int forkLikeMain(String[] args) {
        return Launcher.maybeFork(args, 1);
    }

    /** Runs the command line with these streams and returns the exit code (for tests and embedding). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(args, out, err);
    }
}
