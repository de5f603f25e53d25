package io.spinneret.engine;

import io.spinneret.api.ReplicaPages;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * What the engine's own checks of a page cost (a command, not a test): the meta-refresh decision
 * and the two robots-meta questions ({@code nofollow} before following links, {@code noindex}
 * before keeping items) that {@link Redirects} and {@link PageFollowing} ask of every 2xx HTML page, with the default
 * settings. Pages are the replica's, a listing page every 21st as in a crawl, on one thread.
 *
 * <p>The figure is this thread's CPU time per page (not wall time: the machine may be shared),
 * the median of 9 rounds of 2 seconds after a warm-up, for three loops over the same pages:
 * <ul>
 *   <li>{@code none}: a fresh {@link Response} for each page, handed the page's document parsed
 *       beforehand (set into its private field, as the callback's parse would have left it): the
 *       loop's own cost;</li>
 *   <li>{@code parsed}: the same, and the checks: {@code parsed - none} is what the checks cost a
 *       page the callback has parsed anyway (the usual spider);</li>
 *   <li>{@code unparsed}: a fresh response and the checks with no parse beforehand, as for a spider
 *       that keeps raw bodies: whatever parse the checks cause is in the figure.</li>
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
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final int ROUNDS = 9;
    private static final long ROUND_NANOS = 2_000_000_000L;
    /** Keeps the checks' answers alive, so that the compiler cannot drop them. */
    static volatile int blackhole;

    private enum Loop {
        NONE,
        PARSED,
        UNPARSED
    }

    private PageChecksBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: PageChecksBenchmark SITE_DIR (a generated or exported books replica)");
            System.exit(2);
        }
        ReplicaPages replica = ReplicaPages.read(Path.of(args[0]));
        List<byte[]> pages = new ArrayList<>();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < 420; i++) {
            byte[] body = i % 21 == 20
                    ? replica.listing().get(i / 21 % replica.listing().size())
                    : replica.detail().get(i % replica.detail().size());
            pages.add(body);
            documents.add(Jsoup.parse(new String(body, StandardCharsets.UTF_8), URL));
        }
        Field document = Response.class.getDeclaredField("document");
        document.setAccessible(true);
        PageFollowing following = new PageFollowing(List.of(), Settings.defaults());
        double none = 0;
        for (Loop loop : Loop.values()) {
            run(loop, following, pages, documents, document, ROUND_NANOS * 2); // warm-up
            double[] nanos = new double[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) nanos[r] = run(loop, following, pages, documents, document, ROUND_NANOS);
            Arrays.sort(nanos);
            double median = nanos[ROUNDS / 2];
            if (loop == Loop.NONE) none = median;
            System.out.printf(
                    "%-8s %8.0f ns of CPU per page (%.0f-%.0f)%s%n",
                    loop.name().toLowerCase(),
                    median,
                    nanos[0],
                    nanos[ROUNDS - 1],
                    loop == Loop.PARSED ? String.format("; the checks: %.0f ns", median - none) : "");
        }
    }

    /** This thread's CPU time per page over one round. */
    private static final Redirects REDIRECTS = new Redirects(Settings.defaults());

    private static double run(
            Loop loop,
            PageFollowing following,
            List<byte[]> pages,
            List<Document> documents,
            Field document,
            long roundNanos)
            throws IllegalAccessException {
        long end = System.nanoTime() + roundNanos;
        long cpu = CPU.getCurrentThreadCpuTime();
        long count = 0;
        int sink = 0;
        for (int i = 0; System.nanoTime() < end; i++) {
            int p = i % pages.size();
            Response page = new Response(Request.of(URL), URL, 200, HTML, pages.get(p));
            if (loop != Loop.UNPARSED) document.set(page, documents.get(p));
            if (loop != Loop.NONE) {
                if (REDIRECTS.decide(page) instanceof Redirects.Follow) sink++; // the meta refresh
                if (following.dropsItems(page)) sink++;
                if (following.dropsItems(page)) sink++; // the nofollow question asks the same robots() as noindex
            }
            count++;
        }
        blackhole += sink;
        return (double) (CPU.getCurrentThreadCpuTime() - cpu) / count;
    }
}
