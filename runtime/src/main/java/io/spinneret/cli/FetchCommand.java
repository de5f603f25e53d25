package io.spinneret.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.devtools.PageFetcher;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spinneret fetch URL}: downloads one page through the chain a crawl uses (HTTP cache,
 * retry, robots.txt, user agents, proxies, throttle, cookies; the browser with {@code --browser})
 * and prints its body, its headers, its status and timings, or its structured data.
 */
@Command(
        name = "fetch",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description =
                "Download one URL the way a crawl would, and print the body (or --headers, --status, --structured-data).",
        footer = {
            "",
            "Exit codes: 0 a 2xx response, 1 no response (the reason a crawl would log) or a status other than 2xx, 2 usage error."
        })
final class FetchCommand implements Callable<Integer> {
    private static final ObjectWriter STRUCTURED_JSON = new ObjectMapper().writerWithDefaultPrettyPrinter();

    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "the page to fetch")
    String url = "";

    @Option(
            names = "--spider",
            paramLabel = "NAME",
            description =
                    "use this spider's settings and middlewares (default: none, the built-in defaults and settings.toml)")
    @Nullable
    String spiderName;

    @Option(names = "--browser", description = "render the page in the browser (Chromium) instead of the HTTP client")
    boolean browser;

    @Option(names = "--headers", description = "print the status line and the response headers instead of the body")
    boolean headers;

    @Option(
            names = "--status",
            description = "print the status line, the redirects followed and the timings instead of the body")
    boolean status;

    @Option(
            names = "--structured-data",
            description =
                    "print the page's JSON-LD, microdata and OpenGraph/Twitter tags as one JSON document instead of the body")
    boolean structuredData;

    @Option(
            names = "--save",
            paramLabel = "FILE",
            description = "write the body to FILE (for the test kit's pages) and print nothing of it")
    @Nullable
    Path save;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        try (PageSession session = PageSession.open(common, spiderName, browser)) {
            Request request = session.request(url, Request.DEFAULT_CALLBACK);
            long t0 = System.nanoTime();
            Response r;
            try {
                r = session.pages.fetch(request);
            } catch (PageFetcher.FetchFailedException e) {
                err.println("error: " + e.getMessage());
                return 1;
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            if (headers || status) out.println(statusLine(r));
            if (status) {
                for (String from : PageFetcher.redirectedFrom(r)) out.println("redirected from " + from);
                out.println("time " + millis + " ms, " + r.body().length + " bytes, renderer "
                        + r.request().renderer().name().toLowerCase(Locale.ROOT) + ", "
                        + session.pages.stats().snapshot());
            }
            if (headers) {
                for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
                    for (String v : h.getValue()) out.println(h.getKey() + ": " + v);
                }
            }
            out.flush();
            if (save != null) {
                write(save, r.body());
                err.println("saved " + r.body().length + " bytes of " + r.url() + " to " + save);
            } else if (structuredData) {
                out.println(
                        STRUCTURED_JSON.writeValueAsString(r.structuredData().toJson()));
                out.flush();
            } else if (!headers && !status) {
                body(r.body());
            }
            if (r.status() < 200 || r.status() >= 300) {
                err.println("error: " + request.method() + " " + r.url() + " answered HTTP " + r.status());
                return 1;
            }
            return 0;
        }
    }

    static String statusLine(Response r) {
        return "HTTP " + r.status() + " " + r.url();
    }

    /** The body as bytes, not re-encoded: {@code fetch URL > page.html} keeps the page's own charset. */
    private void body(byte[] body) throws IOException {
        spec.commandLine().getOut().flush();
        OutputStream raw = Cli.rawOut(spec);
        raw.write(body);
        raw.flush();
    }

    private static void write(Path file, byte[] body) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.write(file, body);
        } catch (IOException e) {
            throw new SpinneretException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
