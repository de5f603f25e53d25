package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.testing.TestSite;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jline.reader.Candidate;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code spinneret shell}: driven through its reader, and once through a pseudo-terminal as a user types. */
class ShellTest {
    static TestSite site;

    @BeforeAll
    static void startSite() throws Exception {
        site = TestSite.books(2);
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    private static String session(String spider, String input) throws Exception {
        CommonOptions common = new CommonOptions();
        common.sets.add("download_delay=0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (PageSession pages = PageSession.open(common, spider, false);
                Shell shell = new Shell(pages, out)) {
            shell.fetch(shell.request(site.root()));
            shell.run(new StringReader(input), "");
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void selectorsRunOnTheLivePageAndFetchMovesToAnother() throws Exception {
        String out = session(null, """
                css("article.product_pod h3 a").size()
                response.url()
                xpath("//li[@class='next']/a").attr("href")
                fetch("book/3");
                var title = cssFirst("h1").map(h -> h.text()).orElse("");
                response.url() + " " + title
                cssFirst("h9").isPresent()
                xpathTexts("//h1/text()")
                xpathTexts("//p/@class")
                xpath("//h1/text()")
                /exit
                css("never evaluated")
                """);
        assertTrue(out.contains("==> 20"), out);
        assertTrue(out.contains("==> \"" + site.root() + "\""), out);
        assertTrue(out.contains("==> \"/page/2\""), out);
        assertTrue(out.contains("[HTTP 200 " + site.url("/book/3")), out);
        assertTrue(out.contains("title ==> \"Book 3\""), out);
        assertTrue(out.contains("==> \"" + site.url("/book/3") + " Book 3\""), "response follows fetch(..): " + out);
        assertTrue(out.contains("==> false"), "cssFirst is an Optional, as in the spider API: " + out);
        assertTrue(out.contains("==> [Book 3]"), "text nodes: " + out);
        assertTrue(out.contains("==> [price_color]"), "attributes: " + out);
        assertTrue(
                out.contains(
                        "xpath(\"//h1/text()\") selects text nodes, which are no elements: use xpathTexts(\"//h1/text()\")"),
                "an XPath to text nodes says what to use, not nothing: " + out);
        assertTrue(!out.contains("never evaluated"), out);
    }

    @Test
    void parseRunsTheSpidersCallbackOnTheCurrentPage() throws Exception {
        String out = session("testbooks", """
                parse().requests().size()
                fetch(requests("parse").get(0));
                parse("detail").items().size()
                """);
        assertTrue(out.contains("GET " + site.url("/book/0") + " callback=detail priority=1 depth=1"), out);
        assertTrue(out.contains("{\"url\":\"" + site.url("/book/0") + "\",\"title\":\"Book 0\""), out);
        assertTrue(out.contains("==> 21") || out.contains("==> 23"), "the parse callback's requests: " + out);
        assertTrue(out.contains("==> 1"), "one item on a detail page: " + out);
    }

    @Test
    void compileErrorsAndExceptionsArePrintedAndTheSessionGoesOn() throws Exception {
        String out = session(null, """
                css("h1").nosuchmethod()
                Integer.parseInt("x")
                for (int i = 0; i < 2; i++) {
                    System.out.print("");
                }
                1 + 1
                """);
        assertTrue(out.contains("|  error: cannot find symbol"), out);
        assertTrue(out.contains("|  java.lang.NumberFormatException: For input string: \"x\""), out);
        assertTrue(out.contains("==> 2"), "a statement over several lines, then the next: " + out);
    }

    @Test
    void tabCompletesWithJShellsSuggestionsAndTheHistoryIsKept(@TempDir Path dir) throws Exception {
        CommonOptions common = new CommonOptions();
        common.sets.add("download_delay=0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Path history = dir.resolve("shell_history");
        ByteArrayInputStream typed =
                new ByteArrayInputStream("response.sta\t\r1 + 1\r/exit\r".getBytes(StandardCharsets.UTF_8));
        try (PageSession pages = PageSession.open(common, null, false);
                Shell shell = new Shell(pages, out);
                Terminal t = TerminalBuilder.builder()
                        .system(false)
                        .streams(typed, OutputStream.nullOutputStream())
                        .type("xterm")
                        .build();
                ShellTerminal editor = ShellTerminal.on(t, shell, history)) {
            shell.fetch(shell.request(site.url("/book/4")));
            ParsedLine line =
                    ShellTerminal.parser().parse("var n = cssFirst(\"h1\").get().te", 31, Parser.ParseContext.COMPLETE);
            List<String> values = ShellTerminal.candidates(shell, line).stream()
                    .map(Candidate::value)
                    .toList();
            assertTrue(values.contains("cssFirst(\"h1\").get().text("), "the word is completed whole: " + values);
            assertTrue(values.stream().allMatch(v -> v.startsWith("cssFirst(\"h1\").get().te")), values.toString());
            shell.run(editor::read, "spinneret> ");
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("==> 200"), "Tab made response.status(): " + printed);
        assertTrue(printed.contains("==> 2"), printed);
        assertEquals(
                List.of("response.status()", "1 + 1", "/exit"),
                Files.readAllLines(history).stream()
                        .map(l -> l.substring(l.indexOf(':') + 1))
                        .toList(),
                "kept for the next session");
    }

    @Test
    void aPipedSessionHasNoPromptAndNoBanner() throws Exception {
        Process p = new ProcessBuilder(shellCommand(site.url("/book/9")))
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().write("cssFirst(\"h1\").get().text()\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), out);
        assertTrue(out.contains("==> \"Book 9\""), out);
        assertTrue(!out.contains("spinneret> ") && !out.contains("help() lists"), "a pipe gets answers only: " + out);
    }

    private static List<String> shellCommand(String url) {
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        return new ArrayList<>(List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "io.spinneret.cli.Main",
                "shell",
                url,
                "-s",
                "download_delay=0"));
    }

    @Test
    void aTerminalSessionShowsThePromptAndAnswers(@TempDir Path state) throws Exception {
        Path script = Path.of("/usr/bin/script");
        assumeTrue(Files.isExecutable(script), "no 'script' (util-linux) to give the shell a pseudo-terminal; skipped");
        List<String> cmd = shellCommand(site.url("/book/9"));
        String line = String.join(
                " ", cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        ProcessBuilder pb =
                new ProcessBuilder(script.toString(), "-q", "-e", "-c", line, "/dev/null").redirectErrorStream(true);
        pb.environment().put("XDG_STATE_HOME", state.toString());
        Process p = pb.start();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                p.getInputStream().transferTo(output);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        try {
            OutputStream in = p.getOutputStream();
            in.write("cssFirst(\"h1\").get().text() + \"!\"\n/exit\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the shell left at /exit: " + output);
            reader.join(10_000);
        } finally {
            p.destroyForcibly();
        }
        String out = output.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("spinneret> "), "a terminal gets the prompt: " + out);
        assertTrue(out.contains("==> \"Book 9!\""), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(
                Files.readString(state.resolve("spinneret/shell_history"))
                        .contains("cssFirst(\"h1\").get().text() + \"!\""),
                "the line editor kept the history");
    }
}
