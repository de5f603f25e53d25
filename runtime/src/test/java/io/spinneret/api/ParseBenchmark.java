package io.spinneret.api;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How fast one core parses and queries pages (a command, not a test): the {@code books} spider's
 * work on an exported replica, through {@link Response} as a callback sees it, one detail page
 * after another with a listing page every 21st, on one thread. It prints the rate after a
 * warm-up, which bounds what a crawl of those pages can reach on this machine's cores. Run it
 * with the launcher's compiler choice to see both: {@code -XX:TieredStopAtLevel=1} (C1 alone)
 * and without it (C2).
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar export wide /tmp/wide --books 10000
 * java -XX:TieredStopAtLevel=1 -cp runtime/target/test-classes:runtime/target/classes:runtime/target/lib/* \
 *     io.spinneret.api.ParseBenchmark /tmp/wide [seconds]
 * </pre>
 */
public final class ParseBenchmark {
    private static final Map<String, List<String>> HTML = Map.of("content-type", List.of("text/html; charset=utf-8"));

    private ParseBenchmark() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: ParseBenchmark EXPORTED_SITE_DIR [seconds, default 12]");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 12;
        ReplicaPages replica = ReplicaPages.read(root);
        List<byte[]> detail = replica.detail();
        List<byte[]> listing = replica.listing();
        long warmUpEnd = System.nanoTime() + Math.max(1, seconds / 3) * 1_000_000_000L;
        long end = warmUpEnd + seconds * 2 / 3 * 1_000_000_000L;
        long measured = 0;
        long sink = 0;
        long t0 = 0;
        for (int i = 0; ; i++) {
            long now = System.nanoTime();
            if (now >= end) break;
            if (t0 == 0 && now >= warmUpEnd) t0 = now;
            boolean isListing = i % 21 == 20;
            byte[] body = isListing ? listing.get(i / 21 % listing.size()) : detail.get(i % detail.size());
            Response page = new Response(
                    Request.of("http://127.0.0.1/catalogue/p.html"),
                    "http://127.0.0.1/catalogue/p.html",
                    200,
                    HTML,
                    body);
            if (isListing) {
                sink += page.css("article.product_pod h3 a").size()
                        + page.css("li.next a").size();
            } else {
                sink += page.textOf("div.product_main h1").length()
                        + page.textOf("div.product_main p.price_color").length()
                        + page.textOf("table.table-striped th:containsOwn(UPC) + td")
                                .length()
                        + page.textOf("div.product_main p.availability").length()
                        + page.attrOf("div.product_main p.star-rating", "class").length()
                        + page.textOf("ul.breadcrumb li:nth-child(3) a").length();
            }
            if (t0 != 0) measured++;
        }
        double rate = measured / ((System.nanoTime() - t0) / 1e9);
        System.out.printf(
                "%d detail and %d listing pages; one core, after warm-up: %.0f pages/s (%.3f ms per page; %d chars and links selected)%n",
                detail.size(), listing.size(), rate, 1000 / rate, sink);
    }
}
