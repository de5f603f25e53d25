package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.engine.RuntimeJar;
import io.spinneret.testing.TestJars;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {
    @TempDir Path dir;

    @Test
    void theRuntimeJarsChildGetsItsDependenciesAsClassPathAndOtherTargetsStayAsTheyWere() throws IOException {
        Path runtime = TestJars.withManifest(dir.resolve("runtime.jar"), Map.of(RuntimeJar.ATTRIBUTE, "lib/a.jar:lib/b.jar"));
        Optional<RuntimeJar> layout = RuntimeJar.of(runtime);
        assertEquals(List.of("-cp", runtime + ":" + dir.resolve("lib/a.jar") + ":" + dir.resolve("lib/b.jar"), "io.spinneret.cli.Main"),
                Launcher.childLaunch(List.of("-jar", runtime.toString()), layout));
        assertEquals(List.of("-cp", "runtime.jar:" + dir.resolve("lib/a.jar") + ":" + dir.resolve("lib/b.jar"), "io.spinneret.cli.Main"),
                Launcher.childLaunch(List.of("-cp", "runtime.jar", "io.spinneret.cli.Main"), layout), "a class path without them gets them");
        Path own = TestJars.withManifest(dir.resolve("app.jar"), Map.of());
        assertEquals(List.of("-jar", own.toString()), Launcher.childLaunch(List.of("-jar", own.toString()), Optional.empty()));
        List<String> classPath = List.of("-cp", "x.jar:y.jar", "com.example.Main");
        assertEquals(classPath, Launcher.childLaunch(classPath, Optional.empty()), "the tests' class path has the dependencies already");
    }
    @Test
    void hugePagesAreAskedForOnlyWhenTheKernelGivesThemOnRequest() {
        assertTrue(Launcher.hugePagesOnRequest("always [madvise] never\n"));
        assertFalse(Launcher.hugePagesOnRequest("[always] madvise never\n"), "every mapping gets them already");
        assertFalse(Launcher.hugePagesOnRequest("always madvise [never]\n"), "the JVM would warn that it cannot have them");
        assertFalse(Launcher.hugePagesOnRequest(null), "no such setting: not Linux, or a kernel without THP");
    }
}
