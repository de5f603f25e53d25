package io.spinneret.cli;

import io.spinneret.engine.RuntimeJar;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@code spinneret} command line: {@code java -jar runtime.jar list | run <spider>}.
 *
 * <p>Exit codes: 0 success, 1 the crawl finished with failures (or storage failed), 2 a usage or
 * configuration error, 130 interrupted. Errors are one line on stderr; {@code --log-level debug}
 * adds the stack trace.
 *
 * <p>This class is kept free of the command-line library so that the {@link Launcher}, which
 * starts a crawl in a tuned child JVM, loads as little as possible. Started as
 * {@code java -jar runtime.jar}, this JVM has only the runtime's jar on its class path (see
 * {@link RuntimeJar}); a command that runs here rather than in a child runs in a class loader
 * that has the dependencies too ({@link #mainWithDependencies}).
 */
public final class Main {
    /** The version printed by {@code --version}. */
    public static final String VERSION = "0.1.0";

    private Main() {}

    public static void main(String[] args) {
        // java -jar runtime.jar: the dependencies are not on the class path, but named in the jar
        boolean child = System.getProperty(Launcher.CHILD_PROPERTY) != null;
        Optional<RuntimeJar> runtime = child || dependenciesLoadable() ? Optional.empty() : RuntimeJar.current();
        Path missing = runtime.map(RuntimeJar::missing).orElse(null);
        if (missing != null) {
            System.err.println("error: " + missing + " is missing: " + runtime.get().jar().getFileName()
                    + " needs the jars its build put in " + runtime.get().jar().resolveSibling("lib") + " (rebuild with ./mvnw package)");
            System.exit(1);
        }
        // a crawl runs in a child JVM with options suited to it, unless told otherwise (see Launcher)
        int forked = Launcher.maybeFork(args, new Throwable().getStackTrace().length, runtime);
        if (forked >= 0) System.exit(forked);
        if (runtime.isPresent()) {
            mainWithDependencies(runtime.get(), args);
            return;
        }
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
        return Launcher.maybeFork(args, 1, Optional.empty()); // that program's jar has the libraries on its class path
    }

    /** Whether the runtime's dependencies are on this class's class path (not so for {@code java -jar runtime.jar}). */
    static boolean dependenciesLoadable() {
        ClassLoader own = Main.class.getClassLoader();
        return own != null && own.getResource("picocli/CommandLine.class") != null;
    }

    /**
     * Runs {@link #main} again in a class loader that sees the runtime's jar and its dependencies,
     * for the commands that run in the JVM {@code java -jar runtime.jar} started (all but a crawl:
     * {@code list}, {@code --help}, usage errors; a crawl too with {@code SPINNERET_FORK=0}). That
     * {@code main} does not fork: it is not the process's entry point.
     */
    private static void mainWithDependencies(RuntimeJar runtime, String[] args) {
        List<Path> classPath = runtime.classPath();
        URL[] urls = new URL[classPath.size()];
        try {
            for (int i = 0; i < urls.length; i++) urls[i] = classPath.get(i).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("cannot load the runtime's dependencies: " + e.getMessage(), e);
        }
        ClassLoader loader = new URLClassLoader(RuntimeJar.LOADER_NAME, urls, ClassLoader.getPlatformClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        MethodHandle main;
        try {
            main = MethodHandles.publicLookup().findStatic(Class.forName(Main.class.getName(), true, loader), "main",
                    MethodType.methodType(void.class, String[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the runtime from " + runtime.jar() + ": " + e, e);
        }
        try {
            main.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the command line with these streams and returns the exit code (for tests and embedding). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(args, out, err);
    }
}
