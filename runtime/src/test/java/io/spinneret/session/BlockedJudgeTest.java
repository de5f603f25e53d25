package io.spinneret.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What "blocked" means: the statuses, the challenge pages, or the spider's {@code @Blocked} method alone. */
class BlockedJudgeTest {
    private static Response page(int status, String type, String body) {
        return new Response(
                Request.of("https://example.com/"),
                "https://example.com/",
                status,
                Map.of("content-type", List.of(type)),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private final BlockedJudge byDefault = new BlockedJudge(Set.of(401, 403, 429), null);

    @Test
    void theBlockedStatusesAreBlocked() throws Exception {
        assertTrue(byDefault.blocked(page(403, "text/html", "")));
        assertTrue(byDefault.blocked(page(429, "text/plain", "slow down")));
        assertFalse(byDefault.blocked(page(404, "text/html", "<title>Not found</title>")));
        assertFalse(byDefault.blocked(page(503, "text/html", "<title>Maintenance</title>")));
    }

    @Test
    void aChallengePageIsBlockedWhateverItsStatus() throws Exception {
        assertTrue(
                byDefault.blocked(page(503, "text/html", "<html><head><title>Just a moment...</title></head></html>")));
        assertTrue(byDefault.blocked(page(200, "text/html", "<html><head><TITLE lang=en> Access Denied</TITLE>")));
        assertFalse(byDefault.blocked(page(200, "text/html", "<title>Gates: a history of gatekeeping</title>")));
        assertFalse(
                byDefault.blocked(page(200, "application/json", "{\"title\": \"Just a moment\"}")), "only HTML pages");
    }

    @Test
    void theSpidersMethodDecidesAlone() throws Exception {
        BlockedJudge spider =
                new BlockedJudge(Set.of(401, 403, 429), r -> r.text().contains("log in again"));
        assertTrue(spider.blocked(page(200, "text/html", "<p>Please log in again</p>")));
        assertFalse(spider.blocked(page(403, "text/html", "<title>Just a moment...</title>")));
    }

    @Test
    void statusesThatAreNoNumbersAreASettingError() {
        Settings bad = Settings.defaults().with("session_blocked_statuses", "403,forbidden", "test");
        var e = assertThrows(
                InvalidSettingException.class,
                () -> SessionPool.forCrawl(bad, new MemoryScheduler(), r -> null, new Stats(), null));
        assertTrue(e.getMessage().contains("session_blocked_statuses expects HTTP statuses"), e.getMessage());
    }
}
