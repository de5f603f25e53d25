package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spinneret.annotations.Renderer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestCodecTest {
    @Test
    void plainGetIsJustItsUrl() {
        assertEquals("{\"url\":\"http://h/a\"}", RequestCodec.toJson(Request.of("http://h/a")));
    }

    @Test
    void everyFieldRoundTrips() {
        Request r = Request.builder("https://h/p?q=é")
                .method("post")
                .header("X-A", "1")
                .header("Content-Type", "text/plain")
                .body(new byte[] {0, 1, 2, (byte) 255})
                .callback("detail")
                .errback("gone")
                .priority(-3)
                .dontFilter(true)
                .renderer(Renderer.BROWSER)
                .meta("proxy", "http://p:3128")
                .meta("n", 5)
                .meta("list", List.of("a", 1, true))
                .meta("map", Map.of("k", "v"))
                .depth(4)
                .retryCount(2)
                .build();
        Request back = RequestCodec.fromJson(RequestCodec.toJson(r));
        assertEquals(r, back);
        assertArrayEquals(r.body(), back.body());
        assertEquals(r.fingerprint(), back.fingerprint());
        assertEquals(RequestCodec.toJson(r), RequestCodec.toJson(back));
    }

    @Test
    void errbackTravelsWithRetriesAndRedirectsButNotWithFollowedLinks() {
        Request r = Request.builder("https://h/a")
                .callback("detail")
                .errback("gone")
                .build();
        assertEquals("gone", RequestCodec.fromJson(RequestCodec.toJson(r)).errback());
        assertEquals("gone", r.nextAttempt().errback());
        assertEquals("gone", r.withUrl("https://h/b").errback());
        assertNull(r.withErrback(null).errback());
        assertNotEquals(r, r.withErrback("other"));
        Response page = new Response(r, "https://h/a", 200, Map.of(), new byte[0]);
        assertNull(page.follow("/c", "detail", 0).orElseThrow().errback());
        assertEquals("GET https://h/a -> detail, on failure gone", r.toString());
    }

    @Test
    void fieldOrderDoesNotMatterAndUnknownFieldsAreIgnored() {
        Request r = RequestCodec.fromJson(
                "{\"callback\":\"detail\",\"future\":{\"x\":[1]},\"url\":\"http://h/\",\"priority\":2}");
        assertEquals("http://h/", r.url());
        assertEquals("detail", r.callback());
        assertEquals(2, r.priority());
    }

    @Test
    void malformedJsonIsAnIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> RequestCodec.fromJson("{\"callback\":\"x\"}"));
        assertThrows(IllegalArgumentException.class, () -> RequestCodec.fromJson("[1]"));
        assertThrows(IllegalArgumentException.class, () -> RequestCodec.fromJson("{\"url\":"));
    }
}
