package io.spinneret.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretsTest {
    @Test
    void everyPasswordOfAListOfUrlsIsHidden() {
        assertEquals(
                "books.jsonl,postgresql://crawler:***@db:5432/books?ssl=true,mongodb://***@m/x",
                Secrets.redact("books.jsonl,postgresql://crawler:p@ss:w0rd@db:5432/books?ssl=true,mongodb://tok@m/x"));
        assertEquals("redis-cluster://:***@a:1,b:2", Secrets.redact("redis-cluster://:pw@a:1,b:2"));
        assertEquals("u:***@proxy:3128", Secrets.redact("u:secret@proxy:3128"), "without a scheme");
    }

    @Test
    void whatHoldsNoUserInfoIsShownAsItIs() {
        assertEquals("http://h/a@b", Secrets.redact("http://h/a@b"), "an @ in the path is no user info");
        assertEquals("http://h/?to=a@b.c", Secrets.redact("http://h/?to=a@b.c"));
        assertEquals("0.5", Secrets.redact("0.5"));
        assertEquals(
                "MyBot/1.0 (+http://bot.example; admin@example.com)",
                Secrets.redact("MyBot/1.0 (+http://bot.example; admin@example.com)"),
                "a user agent's address");
        assertEquals("", Secrets.redact(""));
    }

    @Test
    void aMapKeepsItsOrder() {
        Map<String, String> in = new LinkedHashMap<>();
        in.put("output", "mysql://root:toor@h/db");
        in.put("concurrency", "8");
        assertEquals(Map.of("output", "mysql://root:***@h/db", "concurrency", "8"), Secrets.redact(in));
        assertEquals(
                java.util.List.of("output", "concurrency"),
                java.util.List.copyOf(Secrets.redact(in).keySet()));
    }
}
