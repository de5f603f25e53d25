package io.spinneret.download.browser;

import com.microsoft.playwright.impl.driver.Driver;
import io.spinneret.disk.UserCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps playwright-java's driver (Node.js and Playwright's package, about 110 MB) extracted between
 * runs. playwright-java unpacks it from its jar into a new temp directory in every JVM, which cost
 * about 0.75 CPU-s of each browser crawl's start (async-profiler, {@code DriverJar.extractDriverToTempDir}).
 * The first run keeps a copy in {@code $XDG_CACHE_HOME/spinneret} (else {@code ~/.cache/spinneret}),
 * named after the driver jar's name (it carries Playwright's version) and size; later runs point playwright-java
 * at it with its {@code playwright.cli.dir} property. A property set by the user wins, and a cache
 * that cannot be written only means the extraction happens every time, as before.
 */
final class DriverCache {
    private static final Logger LOG = LoggerFactory.getLogger(DriverCache.class);
    static final String PROPERTY = "playwright.cli.dir";
    private static final String COMPLETE = ".complete";

    private DriverCache() {}

    /**
     * The driver for this JVM: the cached one if there is one, else the extracted one, which is
     * then cached for the next run.
     */
    static synchronized Driver driver(Map<String, String> env) {
        Path toKeep = System.getProperty(PROPERTY) == null ? cacheDir(UserCache.root()) : null;
        if (toKeep != null && usable(toKeep)) {
            System.setProperty(PROPERTY, toKeep.toString());
            toKeep = null;
        }
        Driver driver = Driver.ensureDriverInstalled(env, false);
        if (toKeep != null) keep(driver.driverDir(), toKeep);
        return driver;
    }

    /** A whole copy: marked complete, with the Node.js binary and Playwright's package in it. */
    static boolean usable(Path dir) {
        return Files.exists(dir.resolve(COMPLETE))
                && Files.isExecutable(dir.resolve("node"))
                && Files.isDirectory(dir.resolve("package"));
    }

    /** Where the copy of this driver jar goes, or null when the jar or a cache directory cannot be found. */
    static @Nullable Path cacheDir(@Nullable Path root) {
        if (root == null) return null;
        try {
            Class<?> jar = Class.forName("com.microsoft.playwright.impl.driver.jar.DriverJar");
            var source = jar.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path bundle = Path.of(source.getLocation().toURI());
            // by content, not location: the same jar copied into several lib folders shares one copy
            String state = bundle.getFileName() + ":" + Files.size(bundle);
            CRC32 crc = new CRC32();
            crc.update(state.getBytes(StandardCharsets.UTF_8));
            return root.resolve("playwright-driver-" + Long.toHexString(crc.getValue()));
        } catch (ClassNotFoundException | URISyntaxException | IOException | RuntimeException e) {
            return null;
        }
    }

    /** Copies the extracted driver into {@code target}, whole or not at all (another run may race us). */
    static void keep(Path extracted, Path target) {
        Path partial = target.resolveSibling(
                target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.createDirectories(target.getParent());
            try (Stream<Path> files = Files.walk(extracted)) {
                files.forEach(
                        f -> copy(f, partial.resolve(extracted.relativize(f).toString())));
            }
            Files.writeString(partial.resolve(COMPLETE), "copied from " + extracted + "\n");
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
                LOG.debug("kept the Playwright driver in {} for later runs", target);
            } catch (IOException e) {
                // another run got there first (the directory exists), or no atomic rename: keep what is there
                LOG.debug("not keeping the Playwright driver in {}: {}", target, e.toString());
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("could not keep the Playwright driver in {}: {}", target, e.toString());
        } finally {
            BrowserServer.deleteTree(partial);
        }
    }

    private static void copy(Path from, Path to) {
        try {
            if (Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(to);
            } else {
                Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
