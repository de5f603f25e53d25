package io.spinneret.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./mvnw} on the JDKs the README names: JDK 21 and 22 build (no JVM option they refuse),
 * JDK 23+ get {@code --sun-misc-unsafe-memory-access=allow} (JDK 24+ otherwise warns about
 * Maven's libraries), and an older JDK gets one line naming the JDK the build needs. The JDKs are
 * stand-ins: a {@code release} file that tells the version and a {@code bin/java} that writes the
 * options Maven's launcher gave it, so no JDK 21 or 22 has to be installed.
 */
class MavenWrapperIT {
    private static final Path MVNW = Path.of("..", "mvnw").toAbsolutePath().normalize();
    private static final String UNSAFE = "--sun-misc-unsafe-memory-access=allow";

    @TempDir
    Path dir;

    private record Result(int code, String stderr, String javaArgs) {}

    private Result mvnw(String version) throws IOException, InterruptedException {
        Path home = dir.resolve("jdk-" + version);
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        for (String tool : new String[] {"java", "javac"}) {
            Path script = bin.resolve(tool);
            Files.writeString(script, "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/../args.txt\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path err = dir.resolve("stderr-" + version + ".txt");
        ProcessBuilder pb = new ProcessBuilder("sh", MVNW.toString(), "-v")
                .directory(MVNW.getParent().toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile());
        pb.environment().put("JAVA_HOME", home.toString());
        pb.environment().remove("MAVEN_OPTS");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "mvnw ended");
        Path args = home.resolve("args.txt");
        return new Result(
                p.exitValue(),
                Files.readString(err, StandardCharsets.UTF_8),
                Files.exists(args) ? Files.readString(args, StandardCharsets.UTF_8) : "");
    }

    @ParameterizedTest
    @CsvSource({"21.0.5, false", "22.0.2, false", "23.0.1, true", "25.0.3, true"})
    void mavenStartsWithOnlyTheOptionsThisJdkKnows(String version, boolean unsafeOption) throws Exception {
        Result r = mvnw(version);
        assertEquals(0, r.code(), r.toString());
        assertTrue(
                r.javaArgs().contains("org.codehaus.plexus.classworlds.launcher.Launcher"), "Maven was started: " + r);
        assertEquals(unsafeOption, r.javaArgs().contains(UNSAFE), r.toString());
    }

    @Test
    void anOlderJdkGetsOneLineNamingTheJdkNeeded() throws Exception {
        Result r = mvnw("17.0.15");
        assertEquals(1, r.code(), r.toString());
        assertEquals(
                "Spinneret needs JDK 21 or newer; this is JDK 17.0.15 (JAVA_HOME=" + dir.resolve("jdk-17.0.15") + ")",
                r.stderr().strip());
        assertFalse(r.javaArgs().contains("Launcher"), "Maven was not started: " + r);
    }
}
