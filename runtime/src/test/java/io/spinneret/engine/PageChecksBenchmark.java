package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.ReplicaPages;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the engine's own checks of a page cost (a command, not a test): the meta-refresh decision
 * and the two robots-meta questions ({@code nofollow} before following links, {@code noindex}
 * before keeping items) that {@link PageFollowing} asks of every 2xx HTML page, with the default
 * settings. Pages are the replica's, a listing page every 21st as in a crawl, on one thread.
 * Two cases, each the median of 9 rounds of 2 seconds after a warm-up:
 * <ul>
 *   <li>{@code parsed}: the callback has parsed the page already (the usual spider); the parse
 *       is done outside the timed part, so the figure is the checks alone;</li>
 *   <li>{@code unparsed}: a spider that never parses the page (it keeps the raw body); the
 *       figure includes whatever the checks make the engine parse.</li>
 * </ul>
 *
 * <pre>
 * python3 ../shared/bench/site/gen.py /tmp/wide --books 10000     # or: spinneret-examples.jar export wide /tmp/wide
 * java -XX:TieredStopAtLevel=1 -cp "runtime/target/test-classes:runtime/target/classes:runtime/target/lib/*" \
 *     io.spinneret.engine.PageChecksBenchmark /tmp/wide
 * </pre>
 */
public final class PageChecksBenchmark {
    private static final Map<String, List<String>> HTML = Map.of("content-type", List.of("text/html; charset=utf-8"));
    private static final String URL = "http://127.0.0.1/catalogue/p.html";
    private static final int ROUNDS = 9;
    private static final long ROUND_NANOS = 2_000_000_000L;
    /** Keeps the checks' answers alive, so that the compiler cannot drop them. */
    static volatile int blackhole;

    private PageChecksBenchmark() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: PageChecksBenchmark SITE_DIR (a generated or exported books replica)");
            System.exit(2);
        }
        List<byte[]> pages = pages(Path.of(args[0]));
        PageFollowing following = new PageFollowing(List.of(), Settings.defaults());
        for (boolean parsed : new boolean[] {true, false}) {
            run(following, pages, parsed, ROUND_NANOS * 2); // warm-up
            double[] nanos = new double[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) nanos[r] = run(following, pages, parsed, ROUND_NANOS);
            Arrays.sort(nanos);
            System.out.printf("%-8s %8.0f ns per page (median of %d rounds; %.0f-%.0f)%n",
                    parsed ? "parsed" : "unparsed", nanos[ROUNDS / 2], ROUNDS, nanos[0], nanos[ROUNDS - 1]);
        }
    }

    /** Nanoseconds of checks per page over one round. */
    private static double run(PageFollowing following, List<byte[]> pages, boolean parsed, long roundNanos) {
        long end = System.nanoTime() + roundNanos;
        long checks = 0;
        long count = 0;
        int sink = 0;
        for (int i = 0; System.nanoTime() < end; i++) {
            Response page = new Response(Request.of(URL), URL, 200, HTML, pages.get(i % pages.size()));
            if (parsed) page.document();
            long t0 = System.nanoTime();
            if (following.refresh(page).isPresent()) sink++;
            if (following.dropsItems(page)) sink++;
            if (following.dropsItems(page)) sink++; // the nofollow question asks the same robots() as noindex
            checks += System.nanoTime() - t0;
            count++;
        }
        blackhole += sink;
        return (double) checks / count;
    }

    /** The replica's detail pages with a listing page every 21st, as a crawl of it meets them. */
    private static List<byte[]> pages(Path root) throws IOException {
        ReplicaPages replica = ReplicaPages.read(root);
        List<byte[]> detail = replica.detail();
        List<byte[]> listing = replica.listing();
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < Math.min(2100, detail.size() * 21 / 20); i++) {
            out.add(i % 21 == 20 ? listing.get(i / 21 % listing.size()) : detail.get(i % detail.size()));
        }
        return out;
    }
}
