package io.spinneret.download;

import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.HttpServer;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.browser.BrowserDownloader;
import io.spinneret.download.browser.BrowserOptions;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The browser benchmark: rendered pages per second at several pool sizes, and the HTTP path's
 * throughput with and without the (never started) browser entry in the router.
 *
 * <pre>
 * java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "runtime/target/test-classes:runtime/target/classes:runtime/target/lib/*" \
 *      io.spinneret.download.BrowserBenchmark \
 *      [--url http://127.0.0.1:8099/js/page/%d/] [--url-pages 10] [--pools 1,4,8] [--pages 200]
 *      [--browser /usr/bin/chromium] [--http-requests 3000] [--block image,font,media]
 * </pre>
 *
 * <p>{@code --url} is a pattern whose {@code %d} runs over 1..{@code --url-pages} (the replica's
 * script-generated quotes pages); without it a built-in server on 127.0.0.1 serves pages like
 * them. Each page must render to ten {@code div.quote}. The JVM options are the ones {@code bin/spinneret} ships
 * ({@code conf/jvm.options}); without them the C2 compiler adds 5 to 8 ms of this JVM's CPU per page. CPU is that of this JVM and its children
 * (Chromium, drivers) during the measurement, so it includes neither the server when it runs
 * elsewhere nor start-up.
 */
public final class BrowserBenchmark {
    private BrowserBenchmark() {}

    public static void main(String[] args) throws Exception {
        String url = null;
        int urlPages = 10;
        List<Integer> pools = List.of(1, 4, 8);
        int pages = 200;
        int httpRequests = 3000;
        String browser = "";
        Set<String> block = Set.of("image", "font", "media");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--url" -> url = args[++i];
                case "--url-pages" -> urlPages = Integer.parseInt(args[++i]);
                case "--pools" ->
                    pools = Arrays.stream(args[++i].split(","))
                            .map(String::trim)
                            .map(Integer::valueOf)
                            .toList();
                case "--pages" -> pages = Integer.parseInt(args[++i]);
                case "--browser" -> browser = args[++i];
                case "--http-requests" -> httpRequests = Integer.parseInt(args[++i]);
                case "--block" ->
                    block = Arrays.stream(args[++i].split(","))
                            .map(String::trim)
                            .filter(x -> !x.isEmpty())
                            .collect(Collectors.toSet());
                default -> {
                    System.err.println(
                            "usage: BrowserBenchmark [--url PATTERN_WITH_%d] [--url-pages N] [--pools 1,4,8] [--pages N] [--browser PATH] [--http-requests N] [--block image,font,media]");
                    System.exit(2);
                }
            }
        }
        HttpServer server = null;
        if (url == null) {
            server = builtInServer();
            url = "http://127.0.0.1:" + server.getAddress().getPort() + "/js/page/%d/";
        }
        System.out.printf(
                Locale.ROOT,
                "target %s, %d cores, %d rendered pages per pool size%n",
                url,
                Runtime.getRuntime().availableProcessors(),
                pages);
        try {
            for (int pool : pools) renderRun(url, urlPages, pool, pages, browser, block);
            if (httpRequests > 0) httpRuns(url, urlPages, httpRequests);
        } finally {
            if (server != null) server.stop(0);
        }
    }

    private static void renderRun(String pattern, int urlPages, int pool, int pages, String browser, Set<String> block)
            throws Exception {
        BrowserOptions o = new BrowserOptions(browser, pool, block, "load", Duration.ofSeconds(30));
        try (BrowserDownloader d = new BrowserDownloader(o, Duration.ofSeconds(5))) {
            long t0 = System.nanoTime();
            run(d, pattern, urlPages, pool, pool * 2, Renderer.BROWSER); // start Chromium, connect every slot
            double startup = (System.nanoTime() - t0) / 1e9;
            Map<String, Long> before = cpuByKind();
            long t1 = System.nanoTime();
            int bad = run(d, pattern, urlPages, pool * 2, pages, Renderer.BROWSER);
            double s = (System.nanoTime() - t1) / 1e9;
            Map<String, Long> after = cpuByKind();
            StringBuilder parts = new StringBuilder();
            long total = 0;
            for (var e : after.entrySet()) {
                long ms = (e.getValue() - before.getOrDefault(e.getKey(), 0L)) / 1_000_000;
                total += ms;
                parts.append(parts.isEmpty() ? "" : ", ")
                        .append(e.getKey())
                        .append(' ')
                        .append(String.format(Locale.ROOT, "%.1f", (double) ms / pages));
            }
            System.out.printf(
                    Locale.ROOT,
                    "browser pool %d: %d pages in %.2f s = %.1f pages/s, CPU %.1f ms/page (%s), %d bad; start-up %.2f s%n",
                    pool,
                    pages,
                    s,
                    pages / s,
                    (double) total / pages,
                    parts,
                    bad,
                    startup);
        }
    }

    /** HTTP through the crawl's router (browser entry present, never started) vs. the bare HttpDownloader. */
    private static void httpRuns(String pattern, int urlPages, int requests) throws Exception {
        Settings settings = Settings.defaults();
        for (int round = 0; round < 2; round++) {
            for (boolean viaRouter : new boolean[] {false, true}) {
                Downloader d = viaRouter ? Downloaders.router(settings) : new HttpDownloader(settings);
                try (d) {
                    run(d, pattern, urlPages, 16, 200, Renderer.HTTP); // warm-up
                    long t0 = System.nanoTime();
                    int bad = run(d, pattern, urlPages, 16, requests, Renderer.HTTP);
                    double s = (System.nanoTime() - t0) / 1e9;
                    boolean started = viaRouter && ((DownloaderRouter) d).isStarted(Renderer.BROWSER);
                    System.out.printf(
                            Locale.ROOT,
                            "http %-28s %d requests in %.2f s = %.0f requests/s, %d unexpected%s%n",
                            viaRouter ? "via router (browser lazy):" : "bare HttpDownloader:",
                            requests,
                            s,
                            requests / s,
                            bad,
                            started ? " (BROWSER STARTED!)" : "");
                }
            }
        }
    }

    /**
     * Downloads {@code total} pages with {@code parallel} virtual threads.
     *
     * @return how many did not look right: not 200, or (rendered) not ten quotes, or (HTTP) any quote
     */
    private static int run(Downloader d, String pattern, int urlPages, int parallel, int total, Renderer renderer)
            throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger bad = new AtomicInteger();
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < parallel; t++) {
                fs.add(ex.submit(() -> {
                    for (int n; (n = next.getAndIncrement()) < total; ) {
                        String u = String.format(Locale.ROOT, pattern, n % urlPages + 1);
                        try {
                            Response r = d.download(Request.builder(u)
                                    .renderer(renderer)
                                    .dontFilter(true)
                                    .build());
                            int quotes = r.css("div.quote").size();
                            if (r.status() != 200 || quotes != (renderer == Renderer.BROWSER ? 10 : 0))
                                bad.incrementAndGet();
                        } catch (IOException e) {
                            bad.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (var f : fs) f.get();
        }
        return bad.get();
    }

    /**
     * CPU time (ns) of this JVM and its live descendants by kind: the JVM (engine side and, with the
     * built-in server, the site), the Playwright drivers, the browser server, Chromium's browser
     * process, its renderers, and its other helpers (GPU, network, zygote).
     */
    private static Map<String, Long> cpuByKind() {
        Map<String, Long> m = new TreeMap<>();
        m.put("jvm", ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime());
        ProcessHandle.current().descendants().forEach(p -> {
            String cmd = cmdline(p);
            String kind = cmd.contains("launch-server")
                    ? "server"
                    : cmd.contains("run-driver")
                            ? "drivers"
                            : cmd.contains("--type=renderer")
                                    ? "renderers"
                                    : cmd.contains("--type=")
                                            ? "chromium-helpers"
                                            : cmd.contains("chrom") ? "chromium-browser" : "other";
            m.merge(kind, cpuTicks(p) * 10_000_000L, Long::sum); // USER_HZ is 100 on Linux
        });
        return m;
    }

    private static String cmdline(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc/" + p.pid() + "/cmdline")).replace('\0', ' ');
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static long cpuTicks(ProcessHandle p) {
        try {
            String stat = Files.readString(Path.of("/proc/" + p.pid() + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Pages like the replica's /js/page/N/: ten quotes built by an inline script, about 6 KB. */
    private static HttpServer builtInServer() throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        s.createContext("/js/page/", ex -> {
            byte[] b = page(ex.getRequestURI().getPath()).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(b);
            }
        });
        s.start();
        return s;
    }

    private static String page(@Nullable String path) {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            data.append(i > 0 ? ",\n" : "")
                    .append("{\"tags\": [\"life\", \"love\"], \"author\": {\"name\": \"Author ")
                    .append(i)
                    .append("\", \"slug\": \"author-")
                    .append(i)
                    .append("\"}, \"text\": \"\u201cQuote ")
                    .append(i)
                    .append(" of ")
                    .append(path)
                    .append(", long enough to look like a real quotation on the page.\u201d\"}");
        }
        return """
                <!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Quotes to Scrape</title>
                <link rel="stylesheet" href="/static/bootstrap.min.css"></head><body><div class="container">
                <div class="row"><div class="col-md-8"><h1><a href="/">Quotes to Scrape</a></h1></div></div>
                <div class="row"><div class="col-md-8" id="quotes"></div></div>
                <script>var data = [%s];
                var box = document.getElementById("quotes");
                for (var d of data) {
                  var q = document.createElement("div"); q.className = "quote";
                  var t = document.createElement("span"); t.className = "text"; t.textContent = d.text; q.appendChild(t);
                  var a = document.createElement("small"); a.className = "author"; a.textContent = d.author.name; q.appendChild(a);
                  var tags = document.createElement("div"); tags.className = "tags";
                  for (var g of d.tags) { var e = document.createElement("a"); e.className = "tag"; e.textContent = g; tags.appendChild(e); }
                  q.appendChild(tags); box.appendChild(q);
                }</script>
                <nav><ul class="pager"><li class="next"><a href="/js/page/2/">Next</a></li></ul></nav>
                </div></body></html>""".formatted(data);
    }
}
