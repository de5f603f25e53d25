package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JitChoiceTest {
    @TempDir Path dir;

    @Test
    void eachStartGivenOnTheCommandLineKeepsItsOwnRecord() throws Exception {
        Path plain = JitChoice.recordFile(dir, "spinneret-1a2b-", "Books", null);
        Path big = JitChoice.recordFile(dir, "spinneret-1a2b-", "Books", "http://127.0.0.1:8098/");
        Path small = JitChoice.recordFile(dir, "spinneret-1a2b-", "Books", "http://127.0.0.1:8097/");
        assertEquals(dir.resolve("spinneret-1a2b-books.pages"), plain);
        assertTrue(big.getFileName().toString().matches("spinneret-1a2b-books-[0-9a-f]+\\.pages"), big.toString());
        assertNotEquals(big, small);
        assertEquals(big, JitChoice.recordFile(dir, "spinneret-1a2b-", "Books", " http://127.0.0.1:8098/ "), "same start, same record");

        Files.writeString(big, "52500\n"); // a long crawl of the big site
        assertTrue(JitChoice.tiered(null, big), "the big site again: both compilers");
        assertFalse(JitChoice.tiered(null, small), "the small site has its own (absent) record: C1 alone");
    }

    @Test
    void theLastStartUrlsSettingCounts() {
        assertEquals("http://b/", JitChoice.startUrls(List.of("start_urls=http://a/", "concurrency=4", " start_urls =http://b/")));
        assertNull(JitChoice.startUrls(List.of("concurrency=4", "start_urlsx=http://a/")));
    }
}
