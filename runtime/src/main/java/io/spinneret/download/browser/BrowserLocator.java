package io.spinneret.download.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds the Chromium executable to render with, never downloading one: the {@code browser_path}
 * setting if given (and then only it), else {@code /usr/bin/chromium-headless-shell} (Debian's
 * {@code chromium-headless-shell} package), else {@code /usr/bin/chromium} (package
 * {@code chromium}), else the newest Playwright-managed Chromium under
 * {@code PLAYWRIGHT_BROWSERS_PATH} or {@code ~/.cache/ms-playwright} (its headless shell first).
 *
 * <p>The headless shell comes first because it is the lighter browser, as Playwright itself
 * prefers it for headless runs: since headless became a mode of the full browser, Chromium runs
 * the whole browser UI without showing it. Measured with {@code BrowserBenchmark} (runtime's tests) (pool 4, 2 cores,
 * Debian's Chromium 156): {@code chromium} 5.0 to 5.4 pages/s at 250 to 270 ms of CPU per page,
 * {@code chromium-headless-shell} 20.3 pages/s at 91 ms.
 */
final class BrowserLocator {
    static final Path SYSTEM_HEADLESS_SHELL = Path.of("/usr/bin/chromium-headless-shell");
    static final Path SYSTEM_CHROMIUM = Path.of("/usr/bin/chromium");
    static final String INSTALL_HINT = "apt-get install -y chromium-headless-shell";
    /** Where the executable lies in a Playwright-managed browser folder, the headless shell first. */
    private static final List<String> PLAYWRIGHT_LAYOUTS = List.of(
            "chrome-headless-shell-linux64/chrome-headless-shell",
            "chrome-linux/headless_shell",
            "chrome-linux64/chrome",
            "chrome-linux/chrome");

    private BrowserLocator() {}

    /** @throws BrowserNotFoundException naming the setting and the install command */
    static Path locate(String browserPath) {
        return locate(browserPath, defaultCandidates(System.getenv()));
    }

    static Path locate(String browserPath, List<Path> candidates) {
        if (!browserPath.isBlank()) {
            Path p = Path.of(browserPath.trim());
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
            throw new BrowserNotFoundException(
                    "browser_path is set to " + p + ", but there is no executable file there;"
                            + " point browser_path at a Chromium executable, or clear it to use /usr/bin/chromium-headless-shell ("
                            + INSTALL_HINT + ")");
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
        }
        List<String> system = candidates.stream()
                .filter(c -> PLAYWRIGHT_LAYOUTS.stream().noneMatch(c::endsWith))
                .map(Path::toString)
                .toList();
        throw new BrowserNotFoundException("no Chromium found for requests with renderer BROWSER (looked for "
                + (system.isEmpty() ? "nothing" : String.join(", ", system))
                + (system.size() < candidates.size() ? " and Playwright-managed browsers" : "")
                + "); install one with `" + INSTALL_HINT + "`, or set browser_path to a Chromium executable"
                + " (e.g. --set browser_path=/path/to/chromium)");
    }

    /** The system's headless shell, its full Chromium, then Playwright-managed browsers, newest revision first. */
    static List<Path> defaultCandidates(Map<String, String> env) {
        List<Path> out = new ArrayList<>();
        out.add(SYSTEM_HEADLESS_SHELL);
        out.add(SYSTEM_CHROMIUM);
        String custom = env.get("PLAYWRIGHT_BROWSERS_PATH");
        Path root = custom != null && !custom.isBlank() && !custom.equals("0")
                ? Path.of(custom)
                : Path.of(System.getProperty("user.home"), ".cache", "ms-playwright");
        if (Files.isDirectory(root)) {
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(d -> d.getFileName().toString().startsWith("chromium"))
                        .sorted(Comparator.comparingInt(BrowserLocator::revision)
                                .reversed())
                        .forEach(d -> PLAYWRIGHT_LAYOUTS.forEach(layout -> out.add(d.resolve(layout))));
            } catch (IOException e) {
                // an unreadable cache is the same as none
            }
        }
        return out;
    }

    /** The revision of a Playwright browser folder such as {@code chromium-1200}, or -1. */
    private static int revision(Path dir) {
        String name = dir.getFileName().toString();
        int dash = name.lastIndexOf('-');
        try {
            return Integer.parseInt(name.substring(dash + 1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return -1;
        }
    }
}
