package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactRequestCodecTest {
    private static Request roundTrip(Request r) {
        return CompactRequestCodec.decode(CompactRequestCodec.encode(r, r.host()), r.host(), r.priority());
    }

    @Test
    void everyKindOfRequestComesBackEqual() {
        List<Request> requests = List.of(
                Request.of("https://books.example.com/catalogue/item-00000001/index.html", "detail"),
                Request.builder("http://Example.COM:8080/a?b=c#d")
                        .depth(300)
                        .dontFilter(true)
                        .priority(-7)
                        .build(),
                Request.of("https://example.com"),
                Request.of("file:///tmp/x.html"),
                Request.of("https://例え.jp/パス?q=ü"),
                Request.builder("https://example.com/form")
                        .method("POST")
                        .body("a=1&b=2")
                        .header("X-A", "b")
                        .build(),
                Request.builder("https://example.com/m")
                        .meta("page", 3)
                        .meta("tag", "x")
                        .errback("failed")
                        .build(),
                Request.builder("https://example.com/r")
                        .renderer(Renderer.BROWSER)
                        .retryCount(2)
                        .build(),
                Request.builder("https://example.com/big")
                        .body("x".repeat(20_000))
                        .build());
        for (Request r : requests) assertEquals(r, roundTrip(r), r.url());
    }

    @Test
    void aPlainRequestCostsLittleMoreThanItsPath() {
        Request r = Request.builder("https://books.example.com/catalogue/item-00000001/index.html")
                .callback("detail")
                .depth(2)
                .build();
        int path = "/catalogue/item-00000001/index.html".length();
        assertTrue(
                CompactRequestCodec.encode(r, r.host()).length <= path + 10, "host, scheme and defaults are left out");
    }

    @Test
    void aRecordOfAnotherFormatIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CompactRequestCodec.decode(new byte[0], "h", 0));
    }
}
