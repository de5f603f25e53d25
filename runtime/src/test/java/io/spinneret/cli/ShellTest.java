package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
        try (PageSession pages = PageSession.open(common, spider, false); Shell shell = new Shell(pages, out)) {
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
                var title = cssFirst("h1").text();
                response.url() + " " + title
                /exit
                css("never evaluated")
                """);
        assertTrue(out.contains("==> 20"), out);
        assertTrue(out.contains("==> \"" + site.root() + "\""), out);
        assertTrue(out.contains("==> \"/page/2\""), out);
        assertTrue(out.contains("[HTTP 200 " + site.url("/book/3")), out);
        assertTrue(out.contains("title ==> \"Book 3\""), out);
        assertTrue(out.contains("==> \"" + site.url("/book/3") + " Book 3\""), "response follows fetch(..): " + out);
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
    void aTerminalSessionShowsThePromptAndAnswers() throws Exception {
        Path script = Path.of("/usr/bin/script");
        assumeTrue(Files.isExecutable(script), "no 'script' (util-linux) to give the shell a pseudo-terminal; skipped");
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "io.spinneret.cli.Main", "shell", site.url("/book/9"), "-s", "download_delay=0"));
        String line = String.join(" ", cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        Process p = new ProcessBuilder(script.toString(), "-q", "-e", "-c", line, "/dev/null").redirectErrorStream(true).start();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                p.getInputStream().transferTo(output);
            } catch (java.io.IOException ignored) {
                // the process ended
            }
        });
        try {
            OutputStream in = p.getOutputStream();
            in.write("cssFirst(\"h1\").text() + \"!\"\n/exit\n".getBytes(StandardCharsets.UTF_8));
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
    }
}
