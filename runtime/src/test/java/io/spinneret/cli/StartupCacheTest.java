package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.testing.TestJars;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupCacheTest {
    private static final int OLD_JDK = 21;
    private static final int AOT_JDK = StartupCache.AOT_CACHE_JDK;

    @TempDir Path dir;

    @Test
    void aRebuiltDependencyOfTheRuntimeJarGetsANewCache() throws IOException {
        Path jar = TestJars.withManifest(dir.resolve("runtime.jar"), Map.of(io.spinneret.engine.RuntimeJar.ATTRIBUTE, "lib/dep.jar"));
        Path dep = jar(dir.resolve("lib/dep.jar"), null);
        List<String> target = List.of("-jar", jar.toString());
        // as the launcher plans it: the name covers the class path the child is launched with
        List<String> launch = Launcher.childLaunch(target, io.spinneret.engine.RuntimeJar.of(jar));
        Path first = archive(StartupCache.forLaunch(launch, StartupCache.directory(target), StartupCache.prefix(target), OLD_JDK, false));
        Files.setLastModifiedTime(dep, FileTime.fromMillis(Files.getLastModifiedTime(dep).toMillis() + 5_000));
        assertNotEquals(first, archive(StartupCache.forLaunch(launch, StartupCache.directory(target), StartupCache.prefix(target), OLD_JDK, false)),
                "a dependency named in Spinneret-Class-Path counts like one in Class-Path");
    }

    @Test
    void aRebuiltJarGetsANewArchiveAndTheOutdatedOneIsDeleted() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), "lib/dep.jar");
        Path dep = jar(dir.resolve("lib/dep.jar"), null);
        Path first = archive(StartupCache.forLaunch(List.of("-jar", jar.toString()), OLD_JDK, false));
        assertEquals(dir, first.getParent(), "next to the jar");
        assertEquals(first, archive(StartupCache.forLaunch(List.of("-jar", jar.toString()), OLD_JDK, false)), "stable while nothing changes");
        Files.writeString(first, "archive written by the JVM");

        // a dependency named in the manifest's Class-Path is rebuilt
        Files.setLastModifiedTime(dep, FileTime.fromMillis(Files.getLastModifiedTime(dep).toMillis() + 5_000));
        Path second = archive(StartupCache.forLaunch(List.of("-jar", jar.toString()), OLD_JDK, false));
        assertNotEquals(first, second);
        assertFalse(Files.exists(first), "the outdated archive of the same jar is removed");
    }

    @Test
    void archivesOfOtherJarsInTheSameDirectoryAreKept() throws IOException {
        Path a = jar(dir.resolve("a.jar"), null);
        Path b = jar(dir.resolve("b.jar"), null);
        Path archiveOfA = archive(StartupCache.forLaunch(List.of("-jar", a.toString()), OLD_JDK, false));
        Files.writeString(archiveOfA, "x");
        Path archiveOfB = archive(StartupCache.forLaunch(List.of("-jar", b.toString()), OLD_JDK, false));
        assertNotEquals(archiveOfA, archiveOfB);
        assertTrue(Files.exists(archiveOfA));
    }

    @Test
    void aClassFolderOnTheClassPathMeansNoCache() throws IOException {
        Path a = jar(dir.resolve("a.jar"), null);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertNull(StartupCache.forLaunch(List.of("-cp", a + java.io.File.pathSeparator + classes, "x.Main"), AOT_JDK, false));
        assertTrue(archive(StartupCache.forLaunch(List.of("-cp", a.toString(), "x.Main"), OLD_JDK, false)).toString().endsWith(".jsa"));
    }

    @Test
    void onAnAotJdkTheFirstRunTrainsAndLaterRunsUseTheCache() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), null);
        StartupCache.Plan first = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        assertNotNull(first.training(), "no cache yet: a training run");
        assertTrue(first.jvmOptions().contains("-XX:AOTMode=record"), first.jvmOptions().toString());
        assertTrue(first.jvmOptions().contains("-XX:AOTConfiguration=" + first.training().configuration()));
        assertTrue(first.jvmOptions().contains("-XX:-DisplayVMOutput"), "recording prints a line no -Xlog option silences");
        assertEquals(dir, first.training().cache().getParent());

        Files.writeString(first.training().cache(), "cache created by the JVM");
        StartupCache.Plan later = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        assertNull(later.training());
        assertTrue(later.jvmOptions().contains("-XX:AOTCache=" + first.training().cache()), later.jvmOptions().toString());
        assertFalse(later.jvmOptions().stream().anyMatch(o -> o.startsWith("-XX:AOTMode")), later.jvmOptions().toString());
    }

    @Test
    void eachJitChoiceTrainsACacheOfItsOwnAndBothAreKept() throws IOException {
        List<String> target = List.of("-jar", jar(dir.resolve("app.jar"), null).toString());
        Path c1 = StartupCache.forLaunch(target, AOT_JDK, false).training().cache();
        Files.writeString(c1, "cache trained with C1 alone");
        StartupCache.Plan tieredFirst = StartupCache.forLaunch(target, AOT_JDK, true);
        assertNotNull(tieredFirst.training(), "the C1 cache does not serve a tiered JVM: it trains its own");
        Path tiered = tieredFirst.training().cache();
        assertNotEquals(c1, tiered);
        Files.writeString(tiered, "cache trained with both compilers");

        assertTrue(StartupCache.forLaunch(target, AOT_JDK, false).jvmOptions().contains("-XX:AOTCache=" + c1));
        assertTrue(StartupCache.forLaunch(target, AOT_JDK, true).jvmOptions().contains("-XX:AOTCache=" + tiered));
        assertTrue(Files.exists(c1) && Files.exists(tiered), "switching back and forth retrains neither");
    }

    @Test
    void aCleanCrawlTrainsAtOnceACrawlWithFailuresOnlyTheSecondTime() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), null);
        StartupCache.Training first = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false).training();
        assertTrue(first.worthKeeping(0), "a clean crawl");
        assertFalse(first.worthKeeping(2), "a usage error ran no crawl");
        assertFalse(first.worthKeeping(130), "interrupted");
        assertFalse(first.worthKeeping(1), "the first crawl with failures may have fetched next to nothing");

        StartupCache.Training second = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false).training();
        assertNotNull(second, "so the next run trains again");
        assertTrue(second.worthKeeping(1), "a site that always fails somewhere does not cost a training run every time");
    }

    @Test
    void afterAFailedCreateStepLaterRunsUseTheClassDataArchiveInstead() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), null);
        StartupCache.Training training = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false).training();
        Files.writeString(training.failedMarker(), "failed");
        StartupCache.Plan later = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        assertNull(later.training(), "no training run after every crawl");
        assertTrue(archive(later).toString().endsWith(".jsa"), later.jvmOptions().toString());
    }

    @Test
    void aCacheOfAnOutdatedJarIsDeleted() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), null);
        Path cache = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false).training().cache();
        Files.writeString(cache, "cache");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        StartupCache.Plan rebuilt = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        assertNotNull(rebuilt.training(), "a rebuilt jar trains again");
        assertNotEquals(cache, rebuilt.training().cache());
        assertFalse(Files.exists(cache));
    }

    @Test
    void theCreateStepTurnsARecordedConfigurationIntoTheCache() throws Exception {
        assumeTrue(Runtime.version().feature() >= AOT_JDK, "the JVM running the tests has no AOT cache");
        Path jar = mainJar(dir.resolve("hello.jar"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StartupCache.Plan plan = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        StartupCache.Training training = plan.training();

        Process train = new ProcessBuilder(Stream.of(List.of(java), plan.jvmOptions(), List.of("-jar", jar.toString()))
                .flatMap(List::stream).toList()).redirectErrorStream(true).start();
        String output = new String(train.getInputStream().readAllBytes());
        assertEquals(0, train.waitFor());
        assertEquals("hello\n", output, "the training run prints only what the program prints");
        assertTrue(Files.exists(training.configuration()));

        AtomicReference<Process> running = new AtomicReference<>();
        assertTrue(training.createCache(List.of(java), List.of("-jar", jar.toString()), running::set, () -> false));
        assertNotNull(running.get());
        assertTrue(Files.size(training.cache()) > 0);
        assertFalse(Files.exists(training.configuration()), "the configuration is deleted once used");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".tmp")).toList(), "no partial cache left");
        }

        StartupCache.Plan later = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false);
        Process use = new ProcessBuilder(Stream.of(List.of(java), later.jvmOptions(), List.of("-Xlog:class+load", "-jar", jar.toString()))
                .flatMap(List::stream).toList()).redirectErrorStream(true).start();
        String log = new String(use.getInputStream().readAllBytes());
        assertEquals(0, use.waitFor());
        assertTrue(log.contains("Hello source: shared objects file"), "the program's class comes from the cache:\n" + log);
    }

    @Test
    void aCancelledCreateStepLeavesNoCacheAndNoMarker() throws Exception {
        Path jar = jar(dir.resolve("app.jar"), null);
        StartupCache.Training training = StartupCache.forLaunch(List.of("-jar", jar.toString()), AOT_JDK, false).training();
        Files.writeString(training.configuration(), "recorded");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertFalse(training.createCache(List.of(java), List.of("-jar", jar.toString()), p -> { }, () -> true));
        assertFalse(Files.exists(training.cache()));
        assertFalse(Files.exists(training.failedMarker()), "the next run trains again");
        assertFalse(Files.exists(training.configuration()));
    }

    private static Path archive(StartupCache.Plan plan) {
        assertNotNull(plan);
        assertNull(plan.training());
        return plan.jvmOptions().stream().filter(o -> o.startsWith("-XX:SharedArchiveFile=")).findFirst()
                .map(o -> Path.of(o.substring("-XX:SharedArchiveFile=".length()))).orElseThrow();
    }

    private static Path jar(Path path, String classPath) throws IOException {
        return TestJars.withManifest(path, classPath == null ? Map.of() : Map.of(Attributes.Name.CLASS_PATH.toString(), classPath));
    }

    /** A jar whose main class {@code Hello} prints "hello", compiled from source by the JDK's compiler. */
    private Path mainJar(Path path) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src")).resolve("Hello.java");
        Files.writeString(src, "public class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString());
        assertEquals(0, rc);
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Hello");
        try (OutputStream out = Files.newOutputStream(path); JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.putNextEntry(new JarEntry("Hello.class"));
            jar.write(Files.readAllBytes(classes.resolve("Hello.class")));
            jar.closeEntry();
        }
        return path;
    }
}
