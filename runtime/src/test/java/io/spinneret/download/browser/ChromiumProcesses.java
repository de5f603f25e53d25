package io.spinneret.download.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Finds the browser and driver processes a test started, by walking this JVM's process tree. */
final class ChromiumProcesses {
    private ChromiumProcesses() {}

    /** Chromium processes (browser, zygote, renderers, utilities) below this JVM. */
    static List<ProcessHandle> underThisJvm() {
        return ProcessHandle.current()
                .descendants()
                .filter(ChromiumProcesses::isChromium)
                .toList();
    }

    /**
     * Playwright driver processes below this JVM: Node.js running Playwright's {@code cli.js}, from
     * playwright-java's temp directory or from the {@link DriverCache}.
     */
    static List<ProcessHandle> driversUnderThisJvm() {
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/node")).orElse(false)
                        && cmdline(p).contains("package/cli.js"))
                .toList();
    }

    static boolean isChromium(ProcessHandle p) {
        return p.info()
                .command()
                .map(c -> c.contains("chromium") || c.endsWith("/chrome") || c.endsWith("headless_shell"))
                .orElse(false);
    }

    /** Renderer processes of the browser with this pid. */
    static List<ProcessHandle> renderersOf(long browserPid) {
        return ProcessHandle.of(browserPid).stream()
                .flatMap(ProcessHandle::descendants)
                .filter(p -> cmdline(p).contains("--type=renderer"))
                .toList();
    }

    /** The raw command line (Chromium rewrites its children's, so ProcessHandle cannot split it). */
    static String cmdline(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc/" + p.pid() + "/cmdline"), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Waits up to {@code millis} for all of {@code processes} to be gone; returns the ones still
     * running. A zombie waiting for PID 1 to reap it counts as gone (see {@link BrowserServer#running}).
     */
    static List<ProcessHandle> awaitGone(List<ProcessHandle> processes, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline && processes.stream().anyMatch(BrowserServer::running))
            Thread.sleep(50);
        return processes.stream().filter(BrowserServer::running).toList();
    }
}
