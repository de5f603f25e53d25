package io.spinneret.cli;

import io.spinneret.engine.RuntimeJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import sun.misc.Signal;

/**
 * Runs {@code spinneret run} in a child JVM tuned for a crawler on a small machine, because JVM
 * options cannot be put in a jar's manifest. Measured on the 1050-page books replica (2 cores):
 * default JVM 2.9 CPU-s and 220 MB peak RSS; tuned 1.5 CPU-s and 105 MB. The options:
 * <ul>
 *   <li>{@code -XX:TieredStopAtLevel=1}: C1 only. C2 spends about 1.4 CPU-s compiling jsoup and
 *       the HTTP client, which a crawl of 10,000 pages never earns back on 2 cores. A spider whose
 *       previous crawl fetched 20,000 pages or more gets both compilers (see {@link JitChoice}).</li>
 *   <li>{@code -XX:+UseSerialGC -Xmn32m}: a crawl keeps little alive; a small young generation
 *       keeps the footprint down and pauses stay at a few milliseconds.</li>
 *   <li>{@code -XX:+UseTransparentHugePages}, when the kernel gives huge pages to programs that ask
 *       for them ({@code madvise} in {@value #THP_SETTING}): the heap is then backed by 2 MiB
 *       pages, and a crawl takes half as many page faults (18,000 to 8,800 on the books replica),
 *       which cost a lot in a virtual machine: 5-8 % less CPU and wall time on the books and wide
 *       crawls. Not added when the kernel gives them to everyone ({@code always}; the JVM needs no
 *       option then) or to no one ({@code never}: the JVM would print a warning).</li>
 *   <li>{@code -XX:UserThreadWaitAttemptsAtExit=0} (JDK 25+; older JVMs ignore it): at exit the JVM
 *       otherwise waits up to 300 ms for threads blocked in native code to come back, and the JDK's
 *       virtual-thread poller always sits in {@code epoll_wait}: every crawl ended 0.3 s late.
 *       Nothing of the crawl runs by then (storage is closed before {@code System.exit}).</li>
 *   <li>a start-up cache, written after the first run next to the jar (or in the temp directory),
 *       so that later runs load their classes already parsed, verified and linked: an AOT cache
 *       on JDK 25+, a class-data archive before (see {@link StartupCache}).</li>
 * </ul>
 *
 * <p>The launcher steps aside (everything runs in this JVM) when: the command is not {@code run};
 * {@code SPINNERET_FORK=0} or {@code -Dspinneret.fork=false}; the JVM was started with its own
 * {@code -X}/{@code -XX} options (they are respected as given); {@code Main.main} was called by
 * other code rather than as the process entry point; or {@code setsid} is missing.
 * {@code SPINNERET_JAVA_OPTS} replaces the tuning options above.
 *
 * <p>Signals: the child runs in its own session, so a Ctrl-C reaches only this launcher, which
 * passes each SIGINT/SIGTERM on as one SIGTERM (the child treats it like SIGINT: the first stops
 * gracefully, the second at once). The child shares the launcher's stdin, stdout and stderr. If the
 * launcher is killed (even with SIGKILL) the child notices within 50 ms and exits (see
 * {@link #watchLauncher}), so a killed crawl never lingers. The exit code is the child's.
 */
final class Launcher {
    /** Set in the child, to the launcher's pid. */
    static final String CHILD_PROPERTY = "spinneret.launcher.pid";
    /** How often the child checks that the launcher is still there. */
    static final long WATCH_INTERVAL_MS = 50;
    static final List<String> TUNING = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn32m",
            "-XX:UserThreadWaitAttemptsAtExit=0", "-XX:+IgnoreUnrecognizedVMOptions");
    /**
     * What {@code runtime.jar}'s manifest ({@code Enable-Native-Access}) gives {@code java -jar}: the
     * child is launched with {@code -cp} (see {@link #childLaunch}), for which the JVM reads no
     * manifest, and without it JDK 22+ prints four warning lines when SQLite's driver loads its
     * native library (an SQLite output, {@code --resume}).
     */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** Where Linux says who gets transparent huge pages: {@code always [madvise] never}, the choice in brackets. */
    static final String THP_SETTING = "/sys/kernel/mm/transparent_hugepage/enabled";
    static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--patch-module", "--limit-modules",
            "--upgrade-module-path", "--enable-native-access", "--source");

    private Launcher() {}

    /**
     * The child JVM to start: its command line, and for an AOT training run (see
     * {@link StartupCache}) what the create step needs once the child has exited.
     *
     * @param command the whole command line
     * @param training set for a training run
     * @param createCommand {@code java} and the JVM options the create step shares with the child
     * @param classPath the launch target without main class and arguments ({@code -jar x} or {@code -cp y})
     */
    record Child(List<String> command, StartupCache.@Nullable Training training, List<String> createCommand, List<String> classPath) {}

    /**
     * @param runtime the runtime's jar when this JVM runs from it without its libraries on the
     *     class path ({@code java -jar runtime.jar}), as {@link Main} found it; else empty
     * @return the child's exit code, or -1 if the launcher stepped aside
     */
    static int maybeFork(String[] args, int callerDepth, Optional<RuntimeJar> runtime) {
        try {
            Optional<Child> child = childCommand(args, callerDepth, runtime);
            if (child.isEmpty()) return -1;
            if (System.getenv("SPINNERET_LAUNCHER_DEBUG") != null) {
                System.err.println("spinneret launcher: child JVM: " + String.join(" ", child.get().command()));
            }
            Process process = new ProcessBuilder(child.get().command()).inheritIO().start();
            Forward forward = new Forward(process.toHandle());
            Signal.handle(new Signal("INT"), forward);
            Signal.handle(new Signal("TERM"), forward);
            int code = waitFor(process);
            StartupCache.Training training = child.get().training();
            if (training != null) finishTraining(child.get(), training, code, forward);
            return code;
        } catch (Exception | LinkageError e) {
            return -1; // could not fork: run here
        }
    }

    /** After a training run: create the start-up cache if the crawl trained the JVM well. Never throws. */
    private static void finishTraining(Child child, StartupCache.Training training, int code, Forward forward) {
        try {
            if (!forward.signalled && training.worthKeeping(code)) {
                training.createCache(child.createCommand(), child.classPath(), p -> forward.target = p.toHandle(),
                        () -> forward.signalled);
            } else {
                training.discard();
            }
        } catch (Exception | LinkageError e) {
            training.discard(); // the crawl is done; its exit code is what matters
        }
    }

    private static int waitFor(Process process) {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // keep waiting: the child decides when the crawl is over
            }
        }
    }

    /**
     * Passes a signal on to the child (or, after it, to the create step of its start-up cache) as
     * SIGTERM. A class, not a lambda: the launcher stays lean.
     */
    private static final class Forward implements sun.misc.SignalHandler {
        volatile ProcessHandle target;
        volatile boolean signalled;

        Forward(ProcessHandle child) {
            this.target = child;
        }

        @Override
        public void handle(Signal signal) {
            signalled = true;
            target.destroy();
        }
    }

    /**
     * In the child: exit if the launcher disappears (e.g. killed with SIGKILL), within
     * {@link #WATCH_INTERVAL_MS}. A daemon thread asks every few tens of milliseconds whether the
     * launcher's process (the same process: the handle compares start times, so a reused pid does
     * not count) is alive. It sleeps between checks rather than blocking in native code (a read of
     * a pipe from the launcher, say), which would hold up the JVM's exit on JVMs that wait for such
     * threads (see {@code UserThreadWaitAttemptsAtExit} above), and the child keeps the launcher's stdin.
     */
    static void watchLauncher() {
        String pid = System.getProperty(CHILD_PROPERTY);
        if (pid == null) return;
        // the handle is looked up on the watch thread: ProcessHandle's first use costs the main thread 10 ms
        Thread.ofPlatform().daemon(true).name("spinneret-launcher-watch").start(() -> {
            Optional<ProcessHandle> launcher;
            try {
                launcher = ProcessHandle.of(Long.parseLong(pid));
            } catch (NumberFormatException e) {
                return;
            }
            while (launcher.isPresent() && launcher.get().isAlive()) {
                try {
                    Thread.sleep(WATCH_INTERVAL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            Runtime.getRuntime().halt(137);
        });
    }

    private static <T> Optional<T> aside(String why) {
        if (System.getenv("SPINNERET_LAUNCHER_DEBUG") != null) System.err.println("spinneret launcher: running in this JVM: " + why);
        return Optional.empty();
    }

    static Optional<Child> childCommand(String[] args, int callerDepth, Optional<RuntimeJar> runtime) {
        if (System.getProperty(CHILD_PROPERTY) != null) return Optional.empty();
        if (args.length == 0 || !args[0].equals("run")) return Optional.empty();
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version") || a.equals("--print-settings")) {
                return aside("not a crawl: " + a);
            }
        }
        String env = System.getenv("SPINNERET_FORK");
        if (env != null && (env.equals("0") || env.equalsIgnoreCase("false"))) return aside("SPINNERET_FORK=" + env);
        if ("false".equalsIgnoreCase(System.getProperty("spinneret.fork"))) return aside("-Dspinneret.fork=false");
        if (callerDepth != 1) return aside("Main.main was called by other code");
        Path setsid = Files.isExecutable(Path.of("/usr/bin/setsid")) ? Path.of("/usr/bin/setsid")
                : Files.isExecutable(Path.of("/bin/setsid")) ? Path.of("/bin/setsid") : null;
        if (setsid == null) return aside("no setsid");
        ProcessHandle.Info info = ProcessHandle.current().info();
        Optional<String[]> original = commandLine();
        if (original.isEmpty()) return aside("the command line is unknown");
        String java = info.command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());

        // split the original command line into JVM options, the launch target and the program arguments
        String[] a = original.get();
        List<String> jvm = new ArrayList<>();
        List<String> target = new ArrayList<>();
        int i = 0;
        for (; i < a.length; i++) {
            String x = a[i];
            if (x.equals("-jar")) {
                if (i + 1 >= a.length) return aside("-jar without a jar");
                target.add("-jar");
                target.add(a[i + 1]);
                i += 2;
                break;
            }
            if (x.equals("-m") || x.equals("--module") || x.startsWith("--module=")) return aside("launched as a module");
            if (OPTIONS_WITH_VALUE.contains(x)) {
                if (i + 1 >= a.length) return aside(x + " without a value");
                if (!x.equals("-cp") && !x.equals("-classpath") && !x.equals("--class-path")) {
                    jvm.add(x);
                    jvm.add(a[i + 1]);
                }
                i++;
                continue;
            }
            if (x.startsWith("-")) {
                if (userTuned(x)) return aside("the JVM has its own option " + x);
                jvm.add(x);
                continue;
            }
            target.add("-cp");
            target.add(System.getProperty("java.class.path"));
            target.add(x);
            i++;
            break;
        }
        if (target.isEmpty() || a.length - i != args.length) {
            return aside("unexpected command line " + List.of(a));
        }
        List<String> launch = childLaunch(target, runtime);

        List<String> options = new ArrayList<>(jvm);
        if (runtime.isPresent() && target.get(0).equals("-jar")) options.add(NATIVE_ACCESS);
        StartupCache.Training training = null;
        String custom = System.getenv("SPINNERET_JAVA_OPTS");
        Path dir;
        try {
            dir = StartupCache.directory(target);
        } catch (IOException | RuntimeException e) {
            dir = null;
        }
        String prefix = StartupCache.prefix(target);
        Path record = crawlRecord(dir, prefix, args);
        boolean tiered = JitChoice.tiered(System.getenv(JitChoice.ENV), record);
        if (custom != null) {
            for (String o : custom.trim().split("\\s+")) if (!o.isEmpty()) options.add(o);
        } else {
            for (String o : TUNING) if (!(tiered && o.equals(JitChoice.C1_ONLY))) options.add(o);
            if (hugePagesOnRequest(readQuietly(Path.of(THP_SETTING)))) options.add(HUGE_PAGES);
        }
        List<String> createCommand = new ArrayList<>();
        createCommand.add(java);
        createCommand.addAll(options);
        if (custom == null) {
            StartupCache.Plan plan = StartupCache.forLaunch(launch, dir, prefix, StartupCache.jdkFeature(), tiered);
            if (plan != null) {
                options.addAll(plan.jvmOptions());
                training = plan.training();
            }
        }

        List<String> cmd = new ArrayList<>();
        cmd.add(setsid.toString());
        cmd.add(java);
        cmd.addAll(options);
        cmd.add("-D" + CHILD_PROPERTY + "=" + ProcessHandle.current().pid());
        if (record != null) cmd.add("-D" + JitChoice.RECORD_PROPERTY + "=" + record);
        // the child has no controlling terminal (its own session), so it is told whether stderr is one
        cmd.add("-Dspinneret.terminal=" + stderrIsTerminal());
        cmd.addAll(launch);
        cmd.addAll(List.of(args));
        return Optional.of(new Child(cmd, training, createCommand, launch.subList(0, 2)));
    }

    /**
     * How the child is launched. {@code -jar runtime.jar} becomes {@code -cp runtime.jar:<its
     * dependencies> io.spinneret.cli.Main}: the jar names them in {@link RuntimeJar#ATTRIBUTE}, not
     * in {@code Class-Path}, which only this JVM would have paid for (see {@link RuntimeJar}). A
     * class path without them gets them added. Anything else (a jar of one's own with a
     * {@code Class-Path}, say) is launched as it was.
     *
     * @param target {@code ["-jar", jar]} or {@code ["-cp", classPath, mainClass]}
     * @param runtime see {@link #maybeFork}: with {@code -jar}, the jar is the runtime's
     */
    static List<String> childLaunch(List<String> target, Optional<RuntimeJar> runtime) {
        if (runtime.isEmpty()) return target;
        // the jar as the command line named it (the cache's name covers this text), its libraries as the manifest does
        return target.get(0).equals("-jar")
                ? List.of("-cp", new RuntimeJar(Path.of(target.get(1)).toAbsolutePath(), runtime.get().dependencies()).classPathString(),
                        Main.class.getName())
                : List.of("-cp", target.get(1) + java.io.File.pathSeparator + RuntimeJar.join(runtime.get().dependencies()), target.get(2));
    }

    /** The file recording the previous crawl of the spider in {@code args} (see {@link JitChoice}), or null. */
    private static @Nullable Path crawlRecord(@Nullable Path dir, String prefix, String[] args) {
        RunCommand run = QuickRunParser.parse(args);
        if (dir == null || run == null || run.spiderName.isEmpty()) return null;
        return JitChoice.recordFile(dir, prefix, run.spiderName, JitChoice.startUrls(run.sets));
    }

    /** Whether {@code setting} (the content of {@value #THP_SETTING}) gives huge pages to programs that ask: {@code [madvise]}. */
    static boolean hugePagesOnRequest(@Nullable String setting) {
        return setting != null && setting.contains("[madvise]");
    }

    private static @Nullable String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or no THP support
        }
    }

    /**
     * This JVM's arguments (after the executable): from {@code /proc/self/cmdline}, which has them
     * whole (ProcessHandle.Info gives up on command lines longer than a page, e.g. long class paths).
     */
    private static Optional<String[]> commandLine() {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc/self/cmdline"));
            String all = new String(raw, java.nio.charset.Charset.defaultCharset());
            if (all.endsWith("\0")) all = all.substring(0, all.length() - 1);
            String[] parts = all.split("\0", -1);
            if (parts.length >= 2) return Optional.of(java.util.Arrays.copyOfRange(parts, 1, parts.length));
        } catch (Exception ignored) {
            // not Linux
        }
        return ProcessHandle.current().info().arguments();
    }

    private static boolean userTuned(String option) {
        return option.startsWith("-XX:") || option.startsWith("-Xmx") || option.startsWith("-Xms") || option.startsWith("-Xmn")
                || option.startsWith("-Xss") || option.equals("-Xint") || option.startsWith("-Xshare") || option.startsWith("-Xlog")
                || option.equals("-client") || option.equals("-server");
    }

    /** Whether stderr (where the live progress line goes) is a terminal, without System.console(). */
    private static boolean stderrIsTerminal() {
        String term = System.getenv("TERM");
        if (term == null || term.equals("dumb")) return false;
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }
}
