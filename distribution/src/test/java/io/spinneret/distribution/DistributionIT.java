package io.spinneret.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.testing.SignalledProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The distribution's {@code bin/spinneret} and {@code java -jar runtime.jar} as a user runs them,
 * against the books replica served by this test: one JVM, which signals reach directly; the JVM
 * options and variables a user gives apply; an old java is refused in one line.
 *
 * <p>Nothing here depends on the machine's speed: a crawl that is signalled cannot end first
 * (1050 pages behind a download_delay of 50 ms take at least 52 s, and the signal goes once the
 * replica has served 30 requests, an event polled for, not a sleep).
 */
class DistributionIT {
    private static final Pattern SUMMARY =
            Pattern.compile("(\\d+) requests \\| (\\d+) responses \\| (\\d+) failures \\| (\\d+) items");
    private static final Path DIST = artifact("spinneret.distribution");
    private static final Path RUNTIME_JAR = artifact("spinneret.runtime.jar");
    private static final Path SPIDERS = artifact("spinneret.spiders.dir");
    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    static ReplicaServer replica;

    @TempDir
    Path dir;

    @BeforeAll
    static void serve() {
        replica = ReplicaServer.start(BooksSite.standard(), 0);
    }

    @AfterAll
    static void stop() {
        replica.close();
    }

    private static Path artifact(String property) {
        String value = System.getProperty(property);
        if (value == null)
            throw new IllegalStateException("system property " + property + " is not set (run through ./mvnw verify)");
        return Path.of(value);
    }

    private List<String> crawl(List<String> launch, Path out, String... extra) {
        List<String> cmd = new ArrayList<>(launch);
        cmd.addAll(List.of(
                "run",
                "books",
                "--spiders",
                SPIDERS.toString(),
                "-s",
                "start_urls=" + replica.url(),
                "-s",
                "batch_size=100000",
                "-s",
                "batch_interval=600",
                "-c",
                "4",
                "-o",
                out.toString()));
        cmd.addAll(List.of(extra));
        return cmd;
    }

    private static List<String> bin() {
        return List.of(DIST.resolve("bin/spinneret").toString());
    }

    private static List<String> javaJar(String... jvmOptions) {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(List.of(jvmOptions));
        cmd.addAll(List.of("-jar", RUNTIME_JAR.toString()));
        return cmd;
    }

    private Process start(List<String> cmd, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(SignalledProcess.command(cmd))
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        pb.environment().remove("JAVA_OPTS");
        pb.environment().remove("SPINNERET_OPTS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().putAll(env);
        return pb.start();
    }

    private record Result(int code, String stdout, String stderr) {
        long[] summary() {
            Matcher m = SUMMARY.matcher(stdout);
            assertTrue(m.find(), "no summary line: " + this);
            return new long[] {
                Long.parseLong(m.group(1)),
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4))
            };
        }
    }

    private Result finish(Process p, long timeoutSeconds) throws Exception {
        try {
            assertTrue(
                    p.waitFor(timeoutSeconds, TimeUnit.SECONDS),
                    () -> "still running after " + timeoutSeconds + " s: " + read("stderr.txt"));
            return new Result(p.exitValue(), read("stdout.txt"), read("stderr.txt"));
        } finally {
            p.destroyForcibly();
        }
    }

    private Result run(List<String> cmd, Map<String, String> env, long timeoutSeconds) throws Exception {
        return finish(start(cmd, env), timeoutSeconds);
    }

    private String read(String name) {
        try {
            Path p = dir.resolve(name);
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Waits until the replica has served {@code n} more requests than {@code before}, failing if the crawl ends first. */
    private void awaitRequests(Process p, long before, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (replica.requests() - before < n) {
            assertTrue(
                    p.isAlive(),
                    () -> "the crawl ended before it was signalled: " + read("stdout.txt") + read("stderr.txt"));
            assertTrue(System.nanoTime() < deadline, () -> "no " + n + " requests within 60 s: " + read("stderr.txt"));
            Thread.sleep(5);
        }
    }

    @ParameterizedTest(name = "{0} SIG{1}")
    @CsvSource({"bin/spinneret, HUP, 129", "bin/spinneret, TERM, 143", "bin/spinneret, INT, 130", "java -jar, HUP, 129"
    })
    void aSignalMidCrawlStopsTheOneJvmGracefully(String how, String signal, int exitCode) throws Exception {
        Path out = dir.resolve("books.jsonl");
        List<String> launch = how.equals("bin/spinneret") ? bin() : javaJar();
        long before = replica.requests();
        Process p = start(crawl(launch, out, "-s", "download_delay=0.05"), Map.of());
        awaitRequests(p, before, 30);
        assertEquals(0, p.descendants().count(), "no second JVM: the crawl runs in the process started");
        String command = p.info().command().orElse("");
        assertTrue(command.endsWith("/java"), "bin/spinneret execs java in its own process: " + command);
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        Result r = finish(p, 60);
        assertEquals(exitCode, r.code(), r.toString());
        long[] s = r.summary();
        assertTrue(s[3] > 0 && s[3] < 1000, "stopped mid-crawl: " + r);
        assertEquals(0, s[2], "no failures: " + r);
        assertEquals(s[3], Files.readAllLines(out).size(), "every item counted is on disk");
        assertTrue(r.stderr().contains("stopping (SIG" + signal + ")"), r.stderr());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {"JDK_JAVA_OPTIONS=-XX:+UseG1GC|", "|-Xmx256m", "JAVA_TOOL_OPTIONS=-XX:+UseParallelGC|"})
    void javaJarHonoursTheUsersJvmOptionsAndVariables(String variable, String option) throws Exception {
        Map<String, String> env = variable == null
                ? Map.of()
                : Map.of(variable.substring(0, variable.indexOf('=')), variable.substring(variable.indexOf('=') + 1));
        List<String> launch = option == null ? javaJar() : javaJar(option);
        Path out = dir.resolve("books.jsonl");
        Result r = run(crawl(launch, out, "-s", "download_delay=0"), env, 180);
        assertEquals(0, r.code(), r.toString());
        assertEquals(1000, r.summary()[3], r.toString());
        assertEquals(1000, Files.readAllLines(out).size());
        if (variable != null)
            assertTrue(r.stderr().contains("Picked up " + variable.substring(0, variable.indexOf('='))), r.stderr());
    }

    @Test
    void binSpinneretReadsJvmOptionsThenJavaOptsThenSpinneretOpts() throws Exception {
        Result r = run(
                List.of(DIST.resolve("bin/spinneret").toString(), "--version"),
                Map.of(
                        "JAVA_OPTS",
                        "-Xmx128m -Dfrom.java.opts=1",
                        "SPINNERET_OPTS",
                        "-Xmx256m -XX:+PrintCommandLineFlags"),
                60);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.stdout().contains("spinneret 0.1.0"), r.toString());
        assertTrue(r.stdout().contains("-XX:MaxHeapSize=268435456"), "SPINNERET_OPTS comes last and wins: " + r);
        assertTrue(
                r.stdout().contains("-XX:+UseSerialGC") && r.stdout().contains("-XX:TieredStopAtLevel=1"),
                "conf/jvm.options applies: " + r);
    }

    @Test
    void theShippedOptionsBoundTheHeapWhateverTheMachinesMemory() throws Exception {
        // without a bound the heap may grow to a quarter of the machine's memory: hostile bodies (endless,
        // compression bombs) took bin/spinneret past 400 MiB RSS; conf/jvm.options explains the figure
        Result r = run(
                List.of(DIST.resolve("bin/spinneret").toString(), "--version"),
                Map.of("SPINNERET_OPTS", "-XX:+PrintCommandLineFlags"),
                60);
        assertEquals(0, r.code(), r.toString());
        Matcher max = Pattern.compile("-XX:MaxHeapSize=(\\d+)").matcher(r.stdout());
        assertTrue(max.find(), r.toString());
        assertEquals(192L << 20, Long.parseLong(max.group(1)), r.toString());
    }

    @Test
    void aCollectorTheUserChoosesReplacesTheOneOfJvmOptions() throws Exception {
        Result r = run(
                List.of(DIST.resolve("bin/spinneret").toString(), "--version"),
                Map.of("JDK_JAVA_OPTIONS", "-XX:+UseParallelGC", "SPINNERET_OPTS", "-XX:+PrintCommandLineFlags"),
                60);
        assertEquals(0, r.code(), "no 'Multiple garbage collectors selected': " + r);
        assertTrue(r.stdout().contains("-XX:+UseParallelGC") && !r.stdout().contains("-XX:+UseSerialGC"), r.toString());
    }

    /** The JVM's final flags for {@code bin/spinneret ARGS} under {@code SPINNERET_JIT=jit} (null: unset). */
    private Result flags(String jit, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(bin());
        cmd.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(Map.of("SPINNERET_OPTS", "-XX:+PrintCommandLineFlags"));
        if (jit != null) env.put("SPINNERET_JIT", jit);
        return run(cmd, env, 60);
    }

    @Test
    void theJitIsC1ForACrawlAndBothCompilersForTheServiceUnlessSpinneretJitSays() throws Exception {
        Result run = flags(null, "run", "--help");
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.stdout().contains("-XX:TieredStopAtLevel=1"), "run: C1 only: " + run);

        Result serve = flags(null, "serve", "--help");
        assertEquals(0, serve.code(), serve.toString());
        assertTrue(serve.stdout().contains("-XX:+PrintCommandLineFlags"), serve.toString());
        assertTrue(!serve.stdout().contains("TieredStopAtLevel"), "serve: both compilers: " + serve);

        Result c2 = flags("c2", "run", "--help");
        assertTrue(!c2.stdout().contains("TieredStopAtLevel"), "SPINNERET_JIT=c2 on a run: " + c2);
        Result c1 = flags("c1", "serve", "--help");
        assertTrue(c1.stdout().contains("-XX:TieredStopAtLevel=1"), "SPINNERET_JIT=c1 on serve: " + c1);
        Result auto = flags("auto", "--version");
        assertTrue(auto.stdout().contains("-XX:TieredStopAtLevel=1"), "auto is the rule: " + auto);
    }

    @Test
    void anUnknownSpinneretJitIsRefusedBeforeAnyJvmStarts() throws Exception {
        Result r = flags("C2", "--version");
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.stdout(), "no JVM ran: " + r);
        assertEquals(
                "error: SPINNERET_JIT is 'C2'; it must be c1 (the C1 compiler only), c2 (both compilers) or auto"
                        + " (c2 for serve, c1 otherwise)\n",
                r.stderr());
    }

    /** A copy of the distribution (its lib/ linked) that a test may write a cache into. */
    private Path copyOfTheDistribution() throws IOException {
        Path copy = Files.createDirectories(dir.resolve("dist"));
        for (String d : List.of("bin", "conf")) {
            Files.createDirectories(copy.resolve(d));
            try (var files = Files.list(DIST.resolve(d))) {
                for (Path f : files.toList())
                    Files.copy(f, copy.resolve(d).resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        Files.createSymbolicLink(copy.resolve("lib"), DIST.resolve("lib"));
        return copy;
    }

    @Test
    void onlyWarmupWritesTheStartUpCacheWhichLaterRunsUse() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= 25, "the AOT cache needs JDK 25+");
        Path copy = copyOfTheDistribution();
        List<String> launch = List.of(copy.resolve("bin/spinneret").toString());
        Result plain =
                run(crawl(launch, dir.resolve("plain.jsonl"), "-s", "download_delay=0", "-n", "20"), Map.of(), 120);
        assertEquals(0, plain.code(), plain.toString());
        assertTrue(!Files.exists(copy.resolve("cache")), "a crawl writes no cache");

        List<String> warmup = new ArrayList<>(launch);
        warmup.add("warmup");
        Result trained =
                run(crawl(warmup, dir.resolve("warmup.jsonl"), "-s", "download_delay=0", "-n", "20"), Map.of(), 180);
        assertEquals(0, trained.code(), trained.toString());
        assertEquals(20, trained.summary()[3], trained.toString());
        Path cache = copy.resolve("cache/spinneret.aot");
        assertTrue(Files.size(cache) > 0, "warmup wrote " + cache);

        Result later = run(
                List.of(copy.resolve("bin/spinneret").toString(), "--version"),
                Map.of("SPINNERET_OPTS", "-XX:+PrintCommandLineFlags"),
                60);
        assertEquals(0, later.code(), later.toString());
        assertTrue(later.stdout().contains("-XX:AOTCache=" + cache), later.toString());
    }

    @Test
    void binSpinneretRefusesAJavaOlderThan21InOneLine() throws Exception {
        // a java on PATH that says it is 17, with no release file next to it: bin/spinneret asks it
        Path fake = Files.createDirectories(dir.resolve("old/bin")).resolve("java");
        Files.writeString(
                fake,
                "#!/bin/sh\necho 'openjdk version \"17.0.2\" 2022-01-18' >&2\necho 'ran' > \"$(dirname \"$0\")/ran-with-$1\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb = new ProcessBuilder(DIST.resolve("bin/spinneret").toString(), "list")
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        pb.environment().remove("JAVA_HOME");
        pb.environment().put("PATH", fake.getParent() + ":/usr/bin:/bin");
        Result r = finish(pb.start(), 30);
        assertEquals(1, r.code(), r.toString());
        assertEquals(
                "error: Spinneret needs Java 21 or newer, but " + fake
                        + " is Java 17.0.2; set JAVA_HOME to a JDK 21 or newer",
                r.stderr().strip());
        assertTrue(
                Files.exists(fake.resolveSibling("ran-with--version"))
                        && !Files.exists(fake.resolveSibling("ran-with--jar")),
                "asked for its version, never started the crawl");

        // the same through JAVA_HOME, whose release file tells the version without starting java
        Path home = dir.resolve("old");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"17.0.2\"\n");
        Files.delete(fake.resolveSibling("ran-with--version"));
        Result viaHome = run(
                List.of(DIST.resolve("bin/spinneret").toString(), "list"), Map.of("JAVA_HOME", home.toString()), 30);
        assertEquals(1, viaHome.code(), viaHome.toString());
        assertTrue(
                viaHome.stderr().contains("needs Java 21 or newer, but " + fake + " is Java 17.0.2"),
                viaHome.toString());
        assertTrue(!Files.exists(fake.resolveSibling("ran-with--version")), "the release file was enough");
    }
}
