package io.spinneret.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the service hands a run its settings: not on the command line, which any user of the machine can read. */
class RunLauncherTest {
    @TempDir
    Path dir;

    @Test
    void aRunsSettingsAreInAnArgumentFileOfItsOwnNotOnItsCommandLineAndReachTheRunAsGiven() throws Exception {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("proxies", "http://alice:s3cret@127.0.0.1:3128");
        settings.put("error_snapshots", "Bot \"quoted\" C:\\dir # not a comment, 'single' too");
        RunRecord run = new RunRecord(
                7,
                "testbooks",
                Map.of(),
                settings,
                RunState.QUEUED,
                null,
                Instant.now(),
                null,
                null,
                null,
                "",
                0,
                0,
                0);
        RunFiles files = RunFiles.of(dir.resolve("data"), 7);

        List<String> command = new RunLauncher(dir.resolve("spiders"), null, "").command(run, files, false, 1234);
        assertTrue(command.stream().noneMatch(a -> a.contains("s3cret") || a.contains("quoted")), command.toString());
        assertTrue(command.contains("@" + files.arguments()), command.toString());

        Files.createDirectories(files.dir());
        RunLauncher.writeArguments(run, files);
        if (files.arguments().getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.arguments())));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errors, true, StandardCharsets.UTF_8);
        int code = Main.execute(
                new String[] {"run", "testbooks", "@" + files.arguments(), "--print-settings"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                err);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, printed + errors.toString(StandardCharsets.UTF_8));
        assertTrue(
                printed.lines()
                        .anyMatch(l -> l.matches(
                                "error_snapshots\\s+\\QBot \"quoted\" C:\\dir # not a comment, 'single' too\\E"
                                        + "\\s+command line.*")),
                printed);
        assertTrue(printed.contains("http://alice:***@127.0.0.1:3128"), printed);
    }
}
