package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BrowserServerTest {
    @Test
    void aZombieIsNotRunningThoughProcessHandleCallsItAlive() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc");
        // the short sleep exits first; its parent (the long sleep, exec'd by the shell) never reaps it
        Process parent = new ProcessBuilder("/bin/sh", "-c", "sleep 0.2 & exec sleep 30").start();
        try {
            Optional<ProcessHandle> child = Optional.empty();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (child.isEmpty() && System.nanoTime() < deadline) {
                child = parent.toHandle().children().findFirst();
                if (child.isEmpty()) Thread.sleep(20);
            }
            ProcessHandle zombie = child.orElseThrow();
            assertTrue(BrowserServer.running(zombie), "running while it sleeps");
            while (BrowserServer.running(zombie) && System.nanoTime() < deadline) Thread.sleep(20);

            assertFalse(BrowserServer.running(zombie), "exited: a zombie, not running");
            assertTrue(zombie.isAlive(), "to ProcessHandle a zombie still counts as alive");
            assertTrue(BrowserServer.running(parent.toHandle()));
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}
