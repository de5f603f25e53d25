package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "My own spider": the template project in {@code examples/user-spider} compiled the way its pom
 * compiles it (runtime on the class path, the processor on the processor path), packaged as a jar,
 * dropped into {@code ./spiders} and run with {@code java -jar runtime.jar run book_prices}.
 */
class UserSpiderJarIT {
    @TempDir
    Path dir;

    private final Path runtimeJar = Processes.artifact("spinneret.runtime.jar");
    private final Path template = Processes.artifact("spinneret.user.spider.dir");

    @Test
    void aUsersPackagedSpiderJarInSpidersRunsWithTheRuntimeJar() throws Exception {
        Path jar = dir.resolve("spiders").resolve("my-spiders-1.0.jar");
        buildTemplateJar(jar);

        Processes.Result list = Processes.java(dir, 60, "-jar", runtimeJar.toString(), "list");
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.stdout().contains("book_prices"), list.toString());

        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result r = Processes.java(
                    dir,
                    120,
                    "-jar",
                    runtimeJar.toString(),
                    "run",
                    "book_prices",
                    "-s",
                    "start_urls=" + server.url(),
                    "--delay",
                    "0",
                    "-o",
                    "prices.jsonl");

            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.stdout().contains("50 requests | 50 responses | 0 failures | 1000 items"), r.toString());
        }
        List<JsonNode> items = ReplicaCrawl.readJsonl(dir.resolve("prices.jsonl"));
        assertEquals(1000, items.size());
        assertTrue(
                items.stream().allMatch(i -> i.get("price").asDouble() >= 10),
                items.get(0).toString());
    }

    @Test
    void theLinkCheckerTemplatesStartAndErrbackMethodsRunThroughTheCli() throws Exception {
        buildTemplateJar(dir.resolve("spiders").resolve("my-spiders-1.0.jar"));
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            String dead = server.url() + "no-such-page.html";
            Processes.Result r = Processes.java(
                    dir,
                    120,
                    "-jar",
                    runtimeJar.toString(),
                    "run",
                    "dead_links",
                    "-s",
                    "start_urls=" + server.url() + "," + dead,
                    "--delay",
                    "0",
                    "-o",
                    "dead.jsonl");

            assertEquals(0, r.exitCode(), "a 404 is not a failure: " + r);
            assertTrue(
                    r.stdout().contains("| 0 failures | 1 items |")
                            && r.stdout().contains("| 1 ignored (HTTP 404: 1) |"),
                    r.toString());
            List<JsonNode> items = ReplicaCrawl.readJsonl(dir.resolve("dead.jsonl"));
            assertEquals(1, items.size(), items.toString());
            assertEquals(dead, items.get(0).get("url").asText());
            assertEquals("start_urls", items.get(0).get("foundOn").asText());
            assertEquals(404, items.get(0).get("status").asInt());
            assertEquals("HTTP 404", items.get(0).get("reason").asText());
            int requests = Integer.parseInt(r.stdout().replaceAll("(?s).*?(\\d+) requests \\|.*", "$1"));
            assertTrue(requests > 50, "the index page's links were checked: " + r);
        }
    }

    /** javac with the processor on the processor path, as maven-compiler-plugin runs it, then a jar of the output. */
    private void buildTemplateJar(Path jar) throws IOException {
        List<String> classPath = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
        String compileClassPath = classPath.stream()
                .filter(e -> !e.contains("test-classes") && !e.endsWith("classes") && !e.contains("spinneret-examples"))
                .collect(Collectors.joining(File.pathSeparator));
        String processorPath = classPath.stream()
                .filter(e -> Stream.of("spinneret-processor", "spinneret-annotations", "javapoet", "jsoup")
                        .anyMatch(name -> Path.of(e).getFileName().toString().startsWith(name)))
                .collect(Collectors.joining(File.pathSeparator));
        assertTrue(
                processorPath.contains("spinneret-processor"), "the processor is on the test class path: " + classPath);
        Path classes = Files.createDirectories(dir.resolve("build/classes"));
        List<String> sources;
        try (Stream<Path> s = Files.walk(template.resolve("src/main/java"))) {
            sources = s.filter(p -> p.toString().endsWith(".java"))
                    .map(Path::toString)
                    .toList();
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of(
                "--release",
                "21",
                "-d",
                classes.toString(),
                "-classpath",
                compileClassPath,
                "-processorpath",
                processorPath));
        args.addAll(sources);
        int status = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        assertEquals(0, status, diagnostics.toString());
        assertTrue(
                Files.exists(classes.resolve("META-INF/services/io.spinneret.internal.SpiderRegistry")),
                "the processor wrote the registry");

        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream j = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }
}
