package io.spinneret.cli;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.devtools.CallbackRun;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spinneret parse URL --spider NAME}: fetches the page as a crawl would and runs one of the
 * spider's callbacks on it, printing what it yielded (items as JSON lines, requests with their
 * callback, priority and depth, an exception with the callback's frame); {@code --depth N}
 * follows the yielded requests N levels further, each with its own callback. Nothing is stored
 * or scheduled; what a callback fetches inline ({@code crawl.fetch}) is fetched through the same
 * chain, and listed.
 */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "Run a spider's callback on one page and print the items and requests it yields.",
        footer = {
            "",
            "Lines starting with '{' are items (JSON), '#' are headings; the others are requests.",
            "Exit codes: 0 every callback ran, 1 a page could not be fetched or a callback threw, 2 usage error."
        })
final class ParseCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "the page to parse")
    String url = "";

    @Option(
            names = "--spider",
            required = true,
            paramLabel = "NAME",
            description = "the spider whose callback runs (see 'list')")
    String spiderName = "";

    @Option(
            names = "--callback",
            paramLabel = "CB",
            defaultValue = Request.DEFAULT_CALLBACK,
            description = "the callback to run (default: ${DEFAULT-VALUE})")
    String callback = Request.DEFAULT_CALLBACK;

    @Option(
            names = "--depth",
            paramLabel = "N",
            defaultValue = "0",
            description = "follow the yielded requests this many levels (default: ${DEFAULT-VALUE})")
    int depth;

    @Option(names = "--browser", description = "render the pages in the browser (Chromium) instead of the HTTP client")
    boolean browser;

    @Override
    public Integer call() throws Exception {
        if (depth < 0) throw new UsageException("--depth must be 0 or more; got " + depth);
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        try (PageSession session = PageSession.open(common, spiderName, browser)) {
            SpiderDefinition spider = session.spider;
            if (spider == null) throw new IllegalStateException("a spider was named");
            if (!spider.callbacks().contains(callback))
                throw new UsageException(
                        CallbackRun.unknownCallback(spider, callback).getMessage());
            Dispatcher dispatcher =
                    spider.newDispatcher(session.arguments); // one spider instance for every page, as in a crawl
            boolean clean = true;
            List<Request> level = List.of(session.request(url, callback));
            for (int d = 0; d <= depth && !level.isEmpty(); d++) {
                List<Request> next = new ArrayList<>();
                for (Request request : level) {
                    Response page;
                    try {
                        page = session.pages.fetch(request);
                    } catch (PageFetcher.FetchFailedException e) {
                        out.println("# " + e.getMessage());
                        clean = false;
                        continue;
                    }
                    out.println("# " + request.callback() + " on " + page.url() + " (HTTP " + page.status() + ", depth "
                            + d + ")");
                    if (page.status() < 200 || page.status() >= 300) {
                        out.println("# not a 2xx response: a crawl hands it to the request's errback, not to '"
                                + request.callback() + "'");
                        clean = false;
                        continue;
                    }
                    CallbackRun run = CallbackRun.on(
                            dispatcher,
                            spider,
                            session.settings,
                            session.catalog.items(),
                            request.callback(),
                            page,
                            session.pages.inline());
                    print(run, spider, out);
                    if (run.error() != null) clean = false;
                    for (Request r : run.requests()) {
                        if (spider.callbacks().contains(r.callback())) next.add(r);
                    }
                }
                level = next;
            }
            out.flush();
            if (!clean) err.println("error: not every page was fetched and parsed (see the lines starting with '#')");
            return clean ? 0 : 1;
        }
    }

    static void print(CallbackRun run, SpiderDefinition spider, PrintWriter out) {
        if (!run.fetched().isEmpty()) {
            out.println("# inline fetches: " + run.fetched().size());
            for (Request r : run.fetched()) out.println("#   " + r.method() + " " + r.url());
        }
        out.println("# items: " + run.items().size());
        if (run.droppedNoindex() > 0)
            out.println("# items dropped: " + run.droppedNoindex() + " (the page says noindex)");
        for (String json : run.itemsAsJson()) out.println(json);
        out.println("# requests: " + run.requests().size());
        for (Request r : run.requests()) out.println(describe(r));
        Throwable error = run.error();
        if (error != null) {
            out.println("# the callback threw " + error);
            StackTraceElement frame = CallbackRun.spiderFrame(error, spider);
            if (frame != null) out.println("#     at " + frame);
        }
    }

    /** {@code GET <url> callback=detail priority=1 depth=1}, with the errback and renderer when set. */
    static String describe(Request r) {
        StringBuilder b = new StringBuilder(r.method())
                .append(' ')
                .append(r.url())
                .append(" callback=")
                .append(r.callback())
                .append(" priority=")
                .append(r.priority())
                .append(" depth=")
                .append(r.depth());
        if (r.errback() != null) b.append(" errback=").append(r.errback());
        if (r.renderer() != Renderer.HTTP)
            b.append(" renderer=").append(r.renderer().name().toLowerCase(Locale.ROOT));
        return b.toString();
    }
}
