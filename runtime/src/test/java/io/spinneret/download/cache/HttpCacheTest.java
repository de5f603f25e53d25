package io.spinneret.download.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpCacheTest {
    @TempDir
    Path dir;

    private static Response response(Request r, int status, byte[] body) {
        return new Response(
                r,
                r.url() + "?final",
                status,
                Map.of("Content-Type", List.of("text/html; charset=utf-8"), "Set-Cookie", List.of("a=1", "b=2")),
                body);
    }

    private List<Path> files() throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void aKeptResponseIsReplayedWhole() throws Exception {
        HttpCache cache = new HttpCache(dir, 0);
        Request r = Request.of("http://example.com/a");
        byte[] body = {0, 1, 2, (byte) 0xff, 'x'};
        assertNull(cache.lookup(r));
        assertTrue(cache.store(r, response(r, 404, body)));

        Response back = cache.lookup(Request.of("http://EXAMPLE.com:80/a#top")); // same fingerprint
        assertNotNull(back);
        assertEquals(404, back.status());
        assertEquals("http://example.com/a?final", back.url());
        assertEquals(List.of("a=1", "b=2"), back.headers().get("set-cookie"));
        assertEquals("text/html; charset=utf-8", back.header("content-type").orElseThrow());
        assertArrayEquals(body, back.body());
        assertEquals(1, files().size(), "no temporary file left behind");
    }

    @Test
    void onlyGetAndHeadBelow500AreKeptAndEachRendererHasItsOwn() throws Exception {
        HttpCache cache = new HttpCache(dir, 0);
        Request post = Request.builder("http://example.com/form")
                .method("POST")
                .body(new byte[] {1})
                .build();
        assertFalse(cache.store(post, response(post, 200, new byte[0])));
        Request get = Request.of("http://example.com/busy");
        assertFalse(cache.store(get, response(get, 503, new byte[0])), "errors are fetched again");
        assertTrue(files().isEmpty());

        Request page = Request.of("http://example.com/p");
        cache.store(page, response(page, 200, "plain".getBytes()));
        Request rendered = Request.builder("http://example.com/p")
                .renderer(Renderer.BROWSER)
                .build();
        assertNull(cache.lookup(rendered), "a page rendered in the browser is another response");
    }

    @Test
    void aConditionalRequestIsNeitherAnsweredFromTheCacheNorItsNotModifiedKept() throws Exception {
        HttpCache cache = new HttpCache(dir, 0);
        Request plain = Request.of("http://example.com/book");
        cache.store(plain, response(plain, 200, "v1".getBytes()));
        Request conditional = Request.builder("http://example.com/book")
                .header("if-none-match", "\"v1\"")
                .build();
        assertNull(cache.lookup(conditional), "the server says whether the page changed, not a kept copy");
        Request since = Request.builder("http://example.com/new")
                .header("If-Modified-Since", "Wed, 02 Dec 2026 10:00:00 GMT")
                .build();
        assertFalse(cache.store(since, response(since, 304, new byte[0])));
        assertNull(cache.lookup(Request.of("http://example.com/new")), "no 304 is replayed to a plain request");
    }

    @Test
    void anExpiredOrUnreadableFileIsAMiss() throws Exception {
        Request r = Request.of("http://example.com/old");
        HttpCache cache = new HttpCache(dir, 60_000);
        cache.store(r, response(r, 200, "old".getBytes()));
        assertNotNull(cache.lookup(r));
        Path file = files().get(0);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(120)));
        assertNull(cache.lookup(r), "older than http_cache_expiration");
        assertNotNull(new HttpCache(dir, 0).lookup(r), "0: any age");

        Files.write(file, new byte[] {1, 2, 3});
        assertNull(new HttpCache(dir, 0).lookup(r), "damaged: fetched again, no exception");
    }

    @Test
    void aCacheThatCannotBeWrittenDoesNotFailTheCrawl() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        HttpCache cache = new HttpCache(notADirectory, 0);
        Request r = Request.of("http://example.com/a");
        assertFalse(cache.store(r, response(r, 200, new byte[0])));
        assertNull(cache.lookup(r));
    }
}
