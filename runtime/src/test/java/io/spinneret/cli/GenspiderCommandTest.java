package io.spinneret.cli;

import static io.spinneret.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spinneret genspider}: where the class goes and what is refused. That the written class
 * compiles with the processor in a project made from the template is checked by the archetype's
 * {@code ProjectTemplateIT}.
 */
class GenspiderCommandTest {
    @TempDir
    Path project;

    @Test
    void writesTheSpiderInThePackageOfTheProjectsSpiders() throws Exception {
        Path existing = project.resolve("src/main/java/org/acme/crawl/ShopSpider.java");
        Files.createDirectories(existing.getParent());
        Files.writeString(existing, "package org.acme.crawl;\n@Spider(name = \"shop\")\nclass ShopSpider {}\n");
        MainTest.Run r = run("genspider", "news_feed", "https://www.example.org/news", "--project", project.toString());
        assertEquals(0, r.code(), r.err());
        Path written = project.resolve("src/main/java/org/acme/crawl/NewsFeedSpider.java");
        String src = Files.readString(written);
        assertTrue(src.startsWith("package org.acme.crawl;"), src);
        assertTrue(
                src.contains(
                        "@Spider(name = \"news_feed\", startUrls = \"https://www.example.org/news\", settings = {\"allowed_domains=example.org\"})"),
                src);
        assertTrue(src.contains("public class NewsFeedSpider {"), src);
        assertTrue(r.out().contains("spinneret parse https://www.example.org/news --spider news_feed"), r.out());

        MainTest.Run again =
                run("genspider", "news_feed", "https://www.example.org/news", "--project", project.toString());
        assertEquals(2, again.code());
        assertTrue(again.err().contains("exists already"), again.err());
    }

    @Test
    void refusesBadNamesUrlsAndProjectsWithoutSources() {
        MainTest.Run name = run("genspider", "9lives", "https://example.org/", "--project", project.toString());
        assertEquals(2, name.code());
        assertTrue(name.err().contains("spider name '9lives' is not a valid name"), name.err());
        MainTest.Run url = run("genspider", "cats", "example.org", "--project", project.toString());
        assertEquals(2, url.code());
        assertTrue(
                url.err().contains("'example.org' is not an absolute http(s) URL")
                        && url.err().contains("(did you mean http://example.org?)"),
                url.err());
        MainTest.Run noSources = run("genspider", "cats", "https://example.org/", "--project", project.toString());
        assertEquals(2, noSources.code());
        assertTrue(noSources.err().contains("src/main/java does not exist"), noSources.err());
    }

    @Test
    void withoutASpiderInTheProjectThePackageMustBeGiven() throws Exception {
        Files.createDirectories(project.resolve("src/main/java"));
        MainTest.Run r = run("genspider", "cats", "https://example.org/", "--project", project.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("give --package PKG"), r.err());
        MainTest.Run given = run(
                "genspider", "cats", "https://example.org/", "--project", project.toString(), "--package", "com.cats");
        assertEquals(0, given.code(), given.err());
        assertTrue(Files.exists(project.resolve("src/main/java/com/cats/CatsSpider.java")));
    }
}
