package io.spinneret.cli;

import static io.spinneret.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line keeps its word: each row is an invocation a user gets wrong, with the exit code
 * docs/cli.md promises (2 for a usage or configuration error, 1 for a crawl that failed), the
 * message that says what is wrong, and what the message must not say. In the arguments,
 * {@code {dir}} is a fresh directory (holding a file {@code afile}) and {@code {site}} a site on
 * 127.0.0.1; a row whose crawl should not start checks that the site saw no request.
 */
class BadInvocationsTest {
    static TestSite site;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSite() throws Exception {
        site = TestSite.books(1);
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    /** A crawl of the test site with the given options, which come last (so they win). */
    private static String crawl(String options) {
        return "run testbooks -s start_urls={site} -s download_delay=0 -s respect_robots=false -s retry_times=0 "
                + options;
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of("a bad --redis", crawl("--redis nonsense"), 2, "error: bad redis_url 'nonsense'", ""),
                Arguments.of("a bad --ui", crawl("--ui nothost"), 2, "error: ui expects host:port", ""),
                Arguments.of(
                        "a bad --metrics",
                        crawl("--metrics 127.0.0.1:99999"),
                        2,
                        "error: metrics expects host:port",
                        ""),
                Arguments.of(
                        "a missing start_urls_file",
                        "run testbooks -s start_urls_file={dir}/missing.txt",
                        2,
                        "error: cannot read start_urls_file {dir}/missing.txt: no such file or directory",
                        "Exception"),
                Arguments.of(
                        "a spiders path that is a file",
                        "run testbooks --spiders {dir}/afile",
                        2,
                        "error: spiders directory {dir}/afile is a file, not a directory",
                        "does not exist"),
                Arguments.of(
                        "a settings path that is a directory",
                        "run testbooks --settings {dir}",
                        2,
                        "error: settings file {dir} is a directory, not a file",
                        "does not exist"),
                Arguments.of(
                        "a stats file that cannot be written",
                        crawl("--stats-file {dir}/afile/stats.json"),
                        2,
                        "error: cannot write the stats_file {dir}/afile/stats.json",
                        "WARN"),
                Arguments.of(
                        "a NaN delay",
                        crawl("-s download_delay=NaN"),
                        2,
                        "download_delay expects a non-negative, finite number of seconds, got \"NaN\"",
                        ""),
                Arguments.of(
                        "an infinite delay",
                        crawl("-s download_delay=Infinity"),
                        2,
                        "download_delay expects a non-negative, finite number of seconds, got \"Infinity\"",
                        ""),
                Arguments.of(
                        "a NaN number",
                        crawl("-s autothrottle_target_concurrency=NaN"),
                        2,
                        "autothrottle_target_concurrency expects a finite number, got \"NaN\"",
                        ""),
                Arguments.of(
                        "-o and -O together",
                        crawl("-o {dir}/a.jsonl -O {dir}/b.jsonl"),
                        2,
                        "error: give -o (append) or -O (overwrite), not both",
                        ""),
                Arguments.of(
                        "genspider with a name of the project's",
                        "genspider mine http://127.0.0.1/ --project {dir}/project",
                        2,
                        "error: a spider named 'mine' exists already in {dir}/project/src/main/java/org/acme/MineSpider.java",
                        ""),
                Arguments.of(
                        "genspider with a name on the class path",
                        "genspider testbooks http://127.0.0.1/ --project {dir}/project",
                        2,
                        "error: a spider named 'testbooks' exists already (io.spinneret.testing.BooksSpider",
                        ""),
                // the robots.txt is refused like the page: said once, as the boundary's refusal, not tried again
                Arguments.of(
                        "a robots.txt refused by network_boundary",
                        crawl("-s respect_robots=true -s network_boundary=public -s retry_times=2 --log-level debug"),
                        1,
                        "robots.txt was refused by network_boundary: 127.0.0.1 is",
                        "unavailable|trying again"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void aBadInvocationExitsWithItsCodeAndSaysWhatIsWrong(
            String name, String command, int code, String says, String never) throws Exception {
        Files.writeString(dir.resolve("afile"), "not a directory");
        Path project = Files.createDirectories(dir.resolve("project/src/main/java/org/acme"));
        Files.writeString(
                project.resolve("MineSpider.java"),
                "package org.acme;\n@Spider(name = \"mine\", startUrls = \"http://x/\")\n"
                        + "public class MineSpider {}\n");
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.replaceAll(a -> a.replace("{dir}", dir.toString()).replace("{site}", site.root()));
        int before = site.totalHits.get();

        MainTest.Run r = run(args.toArray(String[]::new));

        String expected = says.replace("{dir}", dir.toString());
        assertEquals(code, r.code(), name + ": " + r.err());
        assertTrue(r.err().contains(expected), name + ": expected '" + expected + "' in\n" + r.err());
        if (!never.isEmpty()) {
            assertFalse(
                    r.err().lines().anyMatch(l -> l.matches(".*(" + never + ").*")),
                    name + ": no '" + never + "' in\n" + r.err());
        }
        if (command.startsWith("run")) assertEquals(before, site.totalHits.get(), name + ": the crawl did not start");
        assertFalse(
                Files.exists(dir.resolve("project/src/main/java/org/acme/TestbooksSpider.java")),
                "genspider wrote nothing");
    }

    @Test
    void everyOverwriteOutputIsWritten() throws Exception {
        Path a = dir.resolve("a.jsonl"), b = dir.resolve("b.csv");
        Files.writeString(a, "an earlier crawl's line\n");
        MainTest.Run r =
                run(crawl("-O " + a + " -O " + b).replace("{site}", site.root()).split(" "));
        assertEquals(0, r.code(), r.err());
        List<String> jsonl = Files.readAllLines(a), csv = Files.readAllLines(b);
        assertEquals(site.books(), jsonl.size(), "emptied first, then every item: " + jsonl);
        assertEquals(site.books() + 1, csv.size(), "a header and every item: " + csv);
    }
}
