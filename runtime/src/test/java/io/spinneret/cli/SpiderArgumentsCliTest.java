package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.ArgumentsFixture;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -a name=value} and {@code [spider.<name>.args]} on the command line, with {@code testbooks-args} ({@link ArgumentsFixture}). */
class SpiderArgumentsCliTest {
    private static final String LISTED = "Its arguments: category (String, required): only this category;"
            + " max_pages (int, default \"0\"): listing pages to follow (0 = all).";
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

    private String[] crawl(String... extra) {
        String[] base = {
            "run",
            "testbooks-args",
            "-s",
            "start_urls=" + site.root(),
            "-s",
            "download_delay=0",
            "-s",
            "respect_robots=false",
            "-o",
            dir.resolve("out.jsonl").toString()
        };
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    @Test
    void argumentsReachTheSpider() {
        MainTest.Run r = MainTest.run(crawl("-a", "category=travel", "--arg", "max_pages=2"));
        assertEquals(0, r.code(), r.err());
        assertEquals(Map.of("category", "travel", "max_pages", "2"), ArgumentsFixture.lastArguments);
    }

    @Test
    void anUndeclaredArgumentIsAUsageErrorListingTheSpidersArguments() {
        MainTest.Run r = MainTest.run(crawl("-a", "category=x", "-a", "maxpages=2"));
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "error: spider 'testbooks-args': it has no argument 'maxpages' (did you mean 'max_pages'?). " + LISTED,
                r.err().strip().lines().reduce((a, b) -> b).orElseThrow());
    }

    @Test
    void aMissingRequiredArgumentAndABadlyTypedOneAreUsageErrors() {
        MainTest.Run r = MainTest.run(crawl("-a", "max_pages=two"));
        assertEquals(2, r.code(), r.err());
        assertTrue(
                r.err()
                        .contains(
                                "spider 'testbooks-args': argument 'category' is required; argument 'max_pages' expects an integer,"
                                        + " got \"two\". " + LISTED),
                r.err());
        MainTest.Run noEquals = MainTest.run(crawl("-a", "category"));
        assertEquals(2, noEquals.code());
        assertTrue(noEquals.err().contains("-a expects name=value, got 'category'; " + LISTED), noEquals.err());
    }

    @Test
    void theSettingsFileGivesArgumentsAndTheCommandLineWins() throws Exception {
        Path toml = dir.resolve("settings.toml");
        Files.writeString(toml, """
                [spider.testbooks-args]
                concurrency = 2

                [spider.testbooks-args.args]
                category = "poetry"
                max_pages = 5
                """);
        MainTest.Run r = MainTest.run(crawl("--settings", toml.toString()));
        assertEquals(0, r.code(), r.err());
        assertEquals(Map.of("category", "poetry", "max_pages", "5"), ArgumentsFixture.lastArguments);
        MainTest.Run over = MainTest.run(crawl("--settings", toml.toString(), "-a", "max_pages=1"));
        assertEquals(0, over.code(), over.err());
        assertEquals(Map.of("category", "poetry", "max_pages", "1"), ArgumentsFixture.lastArguments);
    }

    @Test
    void listShowsEachSpidersArguments() {
        MainTest.Run r = MainTest.run("list");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("    -a category (String, required): only this category\n"), r.out());
        assertTrue(
                r.out().contains("    -a max_pages (int, default \"0\"): listing pages to follow (0 = all)\n"),
                r.out());
    }
}
