package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/** {@code -o crawl.warc.gz}: the exchanges go to the WARC file, the items to the item output beside it. */
class WarcOptionTest {
    @TempDir
    Path dir;

    @Test
    void dashOWithAWarcNameRecordsTheCrawlBesideTheItemOutput() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            Path warc = dir.resolve("crawl.warc.gz");
            Path items = dir.resolve("items.jsonl");
            MainTest.Run r = MainTest.run(
                    "run",
                    "testbooks",
                    "-s",
                    "start_urls=" + site.root(),
                    "-s",
                    "download_delay=0",
                    "-s",
                    "respect_robots=false",
                    "-s",
                    "output=" + items,
                    "-o",
                    warc.toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(20, Files.readAllLines(items).size(), "the items went to the item output");
            List<String> targets = new ArrayList<>();
            try (WarcReader reader = new WarcReader(warc)) {
                for (WarcRecord record : reader) if (record instanceof WarcResponse resp) targets.add(resp.target());
            }
            assertEquals(21, targets.size(), "the listing page and its 20 books: " + targets);
            assertTrue(targets.contains(site.root()), targets.toString());
        }
    }

    @Test
    void printSettingsSaysWarcOutputCameFromDashO() {
        MainTest.Run r =
                MainTest.run("run", "testbooks", "-o", dir.resolve("x.warc").toString(), "--print-settings");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("warc_output\\s+.*x\\.warc\\s+command line \\(-o\\)")),
                r.out());
    }
}
