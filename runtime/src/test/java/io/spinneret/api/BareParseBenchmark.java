package io.spinneret.api;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;

/**
 * The floor under a crawl of a books replica (a command, not a test): a bare program that reads
 * every listing and detail page of the replica from disk, parses each once with jsoup on
 * {@code threads} threads (default 2) and runs the {@code books} spider's selectors on it: no
 * HTTP, no engine, no output. Time it as a whole process with the launcher's JVM options and
 * compare with the crawl of the same pages, e.g.
 *
 * <pre>
 * python3 ../shared/bench/site/gen.py /tmp/books-site-10000 --books 10000
 * /usr/bin/time -f '%e s %U+%S CPU-s' java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn32m \
 *     -cp "runtime/target/test-classes:runtime/target/lib/*" io.spinneret.api.BareParseBenchmark /tmp/books-site-10000
 * </pre>
 */
public final class BareParseBenchmark {
    private static final Evaluator BOOK_LINKS = QueryParser.parse("article.product_pod h3 a");
    private static final Evaluator NEXT = QueryParser.parse("li.next a");
    private static final List<Evaluator> FIELDS = List.of(
            QueryParser.parse("div.product_main h1"),
            QueryParser.parse("div.product_main p.price_color"),
            QueryParser.parse("table.table-striped th:containsOwn(UPC) + td"),
            QueryParser.parse("div.product_main p.availability"),
            QueryParser.parse("ul.breadcrumb li:nth-child(3) a"));
    private static final Evaluator RATING = QueryParser.parse("div.product_main p.star-rating");

    private BareParseBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: BareParseBenchmark SITE_DIR [threads, default 2]");
            System.exit(2);
        }
        ReplicaPages replica = ReplicaPages.read(Path.of(args[0]));
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        List<byte[]> pages = new ArrayList<>(replica.listing());
        int listings = pages.size();
        pages.addAll(replica.detail());
        AtomicInteger next = new AtomicInteger();
        LongAdder selected = new LongAdder();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(Thread.ofPlatform().start(() -> {
                for (int i; (i = next.getAndIncrement()) < pages.size(); )
                    selected.add(select(pages.get(i), i < listings));
            }));
        }
        for (Thread w : workers) w.join();
        System.out.printf(
                "%d listing and %d detail pages parsed on %d threads; %d characters and links selected%n",
                listings, pages.size() - listings, threads, selected.sum());
    }

    /** What the spider's callbacks select on one page. */
    private static long select(byte[] body, boolean listing) {
        Document doc;
        try {
            doc = Jsoup.parse(new ByteArrayInputStream(body), "UTF-8", "http://127.0.0.1/catalogue/p.html");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long n = 0;
        if (listing) {
            for (Element a : doc.select(BOOK_LINKS)) n += a.attr("href").length();
            for (Element a : doc.select(NEXT)) n += a.attr("href").length();
            return n;
        }
        for (Evaluator field : FIELDS) {
            Element e = doc.selectFirst(field);
            n += e == null ? 0 : e.text().length();
        }
        Element rating = doc.selectFirst(RATING);
        return n + (rating == null ? 0 : rating.attr("class").length());
    }
}
