package io.spinneret.cli;

import io.spinneret.files.AtomicMove;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Which JIT compilers the {@link Launcher}'s child JVM gets, chosen by the length of the same
 * spider's previous crawl, which the child records when its crawl ends.
 *
 * <p>C1 alone ({@code -XX:TieredStopAtLevel=1}) is the default: C2 spends seconds of CPU compiling
 * jsoup and the HTTP path, which a crawl of a few thousand pages never earns back on 2 cores. A long
 * crawl does: compiled by C2, the {@code books} spider's parsing and selecting runs 2 to 3 times as
 * fast ({@code ParseBenchmark} on the wide replica's pages, one core: 8,100 to 9,500 pages/s against
 * 2,900 to 3,700). Measured with {@code examples/bench/bench.sh} on a 2-core machine:
 * <ul>
 *   <li>10,500 pages: C1 3.7 s, both compilers 4.6 to 5.6 s;</li>
 *   <li>52,500 pages: C1 14.7 to 15.7 s (3,600 to 3,900 pages/s sustained), both compilers 11.1 to
 *       13.0 s (4,500 to 6,100 pages/s, rising to 7,000 and more once C2 is done).</li>
 * </ul>
 * A crawl's length is not known when it starts, so a spider whose previous crawl from the same
 * launch target, and from the same {@code -s start_urls} if the command line gives them, fetched at
 * least {@link #LONG_CRAWL_PAGES} pages gets both compilers (the JVM's default tiered compilation);
 * any other crawl gets C1. {@code SPINNERET_JIT=c1} or {@code c2}
 * decides instead.
 */
final class JitChoice {
    /** Pages of a spider's previous crawl from which its next crawl gets C2. */
    static final long LONG_CRAWL_PAGES = 20_000;
    /** Set in the child: the file in which it records how many pages its crawl fetched. */
    static final String RECORD_PROPERTY = "spinneret.crawl.record";
    /** The option that keeps C2 out. */
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    static final String ENV = "SPINNERET_JIT";

    private JitChoice() {}

    /**
     * @param env the value of {@code SPINNERET_JIT}, or null
     * @param record the file recording the spider's previous crawl (see {@link #recordFile}), or null
     * @return true for both compilers (tiered), false for C1 alone
     */
    static boolean tiered(@Nullable String env, @Nullable Path record) {
        if (env != null && env.equalsIgnoreCase("c1")) return false;
        if (env != null && env.equalsIgnoreCase("c2")) return true;
        return record != null && previousPages(record) >= LONG_CRAWL_PAGES;
    }

    /**
     * {@code dir/<prefix><spider>[-<checksum of startUrls>].pages}: the record of a spider's crawls
     * from one launch target and, when the command line names them, from these start URLs. The same
     * spider started elsewhere (another site, a small part of a big one) is another crawl, whose
     * length says nothing about this one's.
     *
     * @param startUrls the value of {@code -s start_urls=...} on the command line, or null
     */
    static Path recordFile(Path dir, String prefix, String spider, @Nullable String startUrls) {
        return dir.resolve(prefix + StartupCache.safeName(spider) + (startUrls == null ? "" : "-" + StartupCache.crc(startUrls.strip())) + ".pages");
    }

    /** The value of the last {@code start_urls=...} among {@code -s key=value} arguments, or null. */
    static @Nullable String startUrls(List<String> settings) {
        String found = null;
        for (String kv : settings) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).strip().equals("start_urls")) found = kv.substring(eq + 1);
        }
        return found;
    }

    /** Pages fetched by the crawl recorded in {@code record}; 0 if there is none or it is unreadable. */
    static long previousPages(Path record) {
        try {
            return Long.parseLong(Files.readString(record, StandardCharsets.US_ASCII).trim());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /**
     * In the child, after a crawl: records how many pages it fetched, for the next launch of the
     * same spider. Does nothing outside a launched child; never throws (the crawl is done).
     */
    static void recordCrawl(long pages) {
        String file = System.getProperty(RECORD_PROPERTY);
        if (file == null || file.isEmpty()) return;
        Path target = Path.of(file);
        Path tmp = target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, pages + "\n", StandardCharsets.US_ASCII);
            AtomicMove.replace(tmp, target);
        } catch (IOException | RuntimeException e) {
            StartupCache.deleteQuietly(tmp);
        }
    }
}
