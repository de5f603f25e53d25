package io.spinneret.neardup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * What {@code near_duplicates} adds per page (a command, not a test): the main text and SimHash of
 * every HTML page of an exported replica, on documents parsed beforehand (a crawl has parsed them
 * for the callback), on one thread, after a warm-up pass. Prints the thread CPU time per page.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar export wide /tmp/wide --books 10000
 * java -cp runtime/target/test-classes:runtime/target/classes:runtime/target/lib/* \
 *     io.spinneret.neardup.SimHashBenchmark /tmp/wide
 * </pre>
 */
public final class SimHashBenchmark {
    private SimHashBenchmark() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: SimHashBenchmark EXPORTED_SITE_DIR [pages, default 3000]");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        int most = args.length > 1 ? Integer.parseInt(args[1]) : 3000;
        List<Document> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (pages.size() >= most) break;
                if (p.toString().endsWith(".html")) pages.add(Jsoup.parse(p.toFile(), "UTF-8", "http://replica/"));
            }
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int round = 0; round < 4; round++) { // three warm-up rounds, then the measured one
            long t0 = threads.getCurrentThreadCpuTime();
            long words = 0;
            for (Document d : pages) {
                CharSequence text = PageText.of(d);
                words += text.length();
                sink ^= SimHash.of(text).orElse(0);
            }
            long nanos = threads.getCurrentThreadCpuTime() - t0;
            if (round == 3) {
                System.out.printf(
                        "%d pages, %.1f µs of thread CPU per page (main text and SimHash), %d chars of text a page%n",
                        pages.size(), nanos / 1e3 / pages.size(), words / pages.size());
            }
        }
        if (sink == 42) System.out.println();
    }
}
