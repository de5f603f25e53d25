package io.spinneret.examples.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar runtime.jar serve} as a user starts it, with the example spiders' jar in
 * {@code --spiders} and the token in {@code SPINNERET_TOKEN}: its runs are child JVMs on the
 * runtime jar's class path, and SIGTERM stops it.
 */
class ServeCommandIT {
    private static final String TOKEN = "it-token-5d1e";
    private static final Pattern SERVING = Pattern.compile("serving at (http://\\S+/)");

    @TempDir
    Path dir;

    @Test
    void theRuntimeJarServesARunOfTheSpidersDirectoryToFinished() throws Exception {
        Path runtimeJar = Path.of(System.getProperty("spinneret.runtime.jar"));
        Path spiders = Path.of(System.getProperty("spinneret.spiders.dir"));
        Path out = dir.resolve("serve.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(
                        java,
                        "-jar",
                        runtimeJar.toString(),
                        "serve",
                        "--spiders",
                        spiders.toString(),
                        "--port",
                        "0",
                        "--data-dir",
                        "data"))
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().put("SPINNERET_TOKEN", TOKEN);
        Process serve = pb.start();
        try (ReplicaServer replica = ReplicaServer.start(BooksSite.standard(), 0)) {
            URI root = null;
            for (int i = 0; i < 600 && root == null && serve.isAlive(); i++) { // 60 s at most
                Matcher m = SERVING.matcher(Files.readString(out, StandardCharsets.UTF_8));
                if (m.find()) root = URI.create(m.group(1));
                else Thread.sleep(100);
            }
            assertTrue(root != null, Files.readString(out, StandardCharsets.UTF_8));
            assertEquals(
                    401, new ServeClient(root, "").send("GET", "api/runs", null).status());

            ServeClient api = new ServeClient(root, TOKEN);
            long id = api.call(
                            "POST",
                            "api/runs",
                            Map.of(
                                    "spider",
                                    "books",
                                    "settings",
                                    Map.of("start_urls", replica.url(), "download_delay", 0)))
                    .path("id")
                    .asLong();
            JsonNode run = api.awaitEnd(id);
            String log = api.send("GET", "api/runs/" + id + "/log", null).body();
            assertEquals("finished", run.path("state").asText(), run + "\n" + log);
            assertEquals(1000, run.path("items").asLong());
            assertTrue(Files.isRegularFile(dir.resolve("data/runs/" + id + "/items.jsonl")));
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "SIGTERM stops the service");
        }
        String log = Files.readString(out, StandardCharsets.UTF_8);
        assertFalse(log.contains(TOKEN), log);
    }
}
