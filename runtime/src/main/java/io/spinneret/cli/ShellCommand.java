package io.spinneret.cli;

import io.spinneret.devtools.PageFetcher;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spinneret shell [URL]}: an interactive Java session (the JDK's JShell) on a page fetched
 * as a crawl would fetch it, to try selectors before writing them into a spider. See {@link ShellApi}
 * for what is bound.
 */
@Command(
        name = "shell",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description =
                "Try selectors on a live page: a Java shell with response, css(..), xpath(..), fetch(..) and parse(..) bound.",
        footer = {"", "Type help() for what is bound, /exit or Ctrl-D to leave."})
final class ShellCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "URL",
            description = "the page to start on (fetch(\"URL\") later otherwise)")
    @Nullable
    String url;

    @Option(
            names = "--spider",
            paramLabel = "NAME",
            description = "use this spider's settings and middlewares, and bind parse(..) to its callbacks")
    @Nullable
    String spiderName;

    @Option(names = "--browser", description = "render pages in the browser (Chromium) instead of the HTTP client")
    boolean browser;

    @Override
    public Integer call() throws Exception {
        PrintStream out = Cli.rawOut(spec);
        try (PageSession session = PageSession.open(common, spiderName, browser);
                Shell shell = new Shell(session, out);
                ShellTerminal terminal = ShellTerminal.open(shell)) {
            if (terminal != null)
                out.println("spinneret shell: help() lists what is bound, Tab completes, /exit leaves");
            if (url != null) {
                try {
                    shell.fetch(shell.request(url));
                } catch (PageFetcher.FetchFailedException e) {
                    spec.commandLine().getErr().println("error: " + e.getMessage());
                    return 1;
                }
            }
            if (terminal != null) {
                shell.run(terminal::read, "spinneret> ");
            } else {
                shell.run(
                        new InputStreamReader(System.in, Charset.defaultCharset()), ""); // a pipe or a file: no prompt
            }
            return 0;
        }
    }
}
