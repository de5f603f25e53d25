package io.spinneret.storage;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for one test, filled up to a few KiB with a filler file that the test can
 * delete to give the space back. Needs root and a kernel that lets this process mount (a container
 * without CAP_SYS_ADMIN does not): otherwise the test is skipped with a message.
 */
final class SmallDisk implements AutoCloseable {
    final Path root;
    final Path filler;

    private SmallDisk(Path root) {
        this.root = root;
        this.filler = root.resolve("filler");
    }

    /** Mounts a tmpfs of {@code size} (mount's syntax, e.g. {@code 1m}) on {@code dir}, or skips the test. */
    static SmallDisk mount(Path dir, String size) throws Exception {
        Files.createDirectories(dir);
        String why;
        try {
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString())
                    .redirectErrorStream(true)
                    .start();
            boolean done = p.waitFor(20, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes()).strip();
            why = done && p.exitValue() == 0
                    ? null
                    : "mount -t tmpfs failed (" + (done ? "exit " + p.exitValue() : "timed out") + "): " + out;
        } catch (IOException e) {
            why = "no mount command: " + e.getMessage();
        }
        String reason = why;
        assumeTrue(reason == null, () -> "skipped: a disk-full test needs a small tmpfs, and " + reason);
        return new SmallDisk(dir);
    }

    /** Fills the disk, then frees {@code leave} bytes of the filler: writes beyond those fail with ENOSPC. */
    SmallDisk fillLeaving(long leave) throws IOException {
        byte[] chunk = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (int i = 0; i < 1 << 20; i++) out.write(chunk); // bounded: 4 GiB, far above any size given
        } catch (IOException full) {
            // the disk is full
        }
        try (FileChannel ch = FileChannel.open(filler, StandardOpenOption.WRITE)) {
            ch.truncate(Math.max(0, ch.size() - leave));
        }
        return this;
    }

    /** Gives the filler's space back. */
    void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    @Override
    public void close() throws Exception {
        new ProcessBuilder("umount", "-l", root.toString())
                .redirectErrorStream(true)
                .start()
                .waitFor(20, TimeUnit.SECONDS);
    }
}
