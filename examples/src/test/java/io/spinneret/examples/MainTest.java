package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MainTest {
    private static final String START = "http://127.0.0.1:4000/";

    @Test
    void runAgainstTheReplicaPrependsItsStartUrlAndNoDelay() {
        assertEquals(
                List.of("run", "-s", "start_urls=" + START, "-s", "download_delay=0", "books", "-n", "20"),
                Main.cliArguments(List.of("books", "-n", "20"), START));
    }

    @Test
    void settingsTheUserGivesAreNotOverridden() {
        assertEquals(
                List.of("run", "-s", "download_delay=0", "books", "-s", "start_urls=http://127.0.0.1:9/"),
                Main.cliArguments(List.of("books", "-s", "start_urls=http://127.0.0.1:9/"), START));
        assertEquals(
                List.of("run", "-s", "start_urls=" + START, "books", "--delay", "0.5"),
                Main.cliArguments(List.of("books", "--delay", "0.5"), START));
        assertEquals(
                List.of("run", "-s", "start_urls=" + START, "books", "--set=download_delay=2"),
                Main.cliArguments(List.of("books", "--set=download_delay=2"), START));
    }

    @Test
    void startUrlsOfTheUsersOwnNeedNoReplica() {
        assertEquals(true, Main.replicaWanted(List.of("books", "-n", "20")));
        assertEquals(false, Main.replicaWanted(List.of("books", "-s", "start_urls=http://127.0.0.1:8089/index.html")));
        assertEquals(
                List.of("run", "-s", "download_delay=0", "books", "-s", "start_urls=http://127.0.0.1:8089/index.html"),
                Main.cliArguments(List.of("books", "-s", "start_urls=http://127.0.0.1:8089/index.html"), ""));
    }

    @Test
    void theDelayIsDroppedOnlyForStartUrlsOnThisMachine() {
        assertEquals(
                List.of("run", "books", "-s", "start_urls=https://books.toscrape.com/"),
                Main.cliArguments(List.of("books", "-s", "start_urls=https://books.toscrape.com/"), ""),
                "a real site keeps the spider's politeness");
        assertEquals(
                List.of("run", "books", "--set=start_urls=http://localhost:8089/,http://1.2.3.4/"),
                Main.cliArguments(List.of("books", "--set=start_urls=http://localhost:8089/,http://1.2.3.4/"), ""),
                "one remote start URL is enough to keep it");
        assertEquals(true, Main.onLoopback("http://localhost:8089/, http://127.0.0.2/x, http://[::1]:80/"));
        assertEquals(false, Main.onLoopback("http://127.0.0.1.example.com/"));
        assertEquals(false, Main.onLoopback("http://1password.com/"));
        assertEquals(false, Main.onLoopback("not a url"));
        assertEquals(false, Main.onLoopback(""));
    }

    @Test
    void liveRunsPassTheUsersArgumentsOnly() {
        assertEquals(
                List.of("run", "books", "-c", "4"), Main.cliArguments(List.of("books", "--live", "-c", "4"), null));
    }

    @Test
    void serveAndExportOptionsAreChecked() {
        assertEquals(
                new Main.Options("wide", 8090, 2000, null),
                Main.Options.parse(List.of("wide", "--port", "8090", "--books", "2000"), "books"));
        assertEquals(
                new Main.Options("books", 0, 10_000, "/tmp/x"), Main.Options.parse(List.of("books", "/tmp/x"), null));
        assertThrows(Main.UsageException.class, () -> Main.Options.parse(List.of("nope"), null));
        assertThrows(Main.UsageException.class, () -> Main.Options.parse(List.of("books", "--port"), null));
        assertThrows(Main.UsageException.class, () -> Main.Options.parse(List.of(), null));
    }
}
