package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.settings.InvalidSettingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProxyPoolTest {
    private final AtomicLong now = new AtomicLong(-5_000_000_000L); // nanoTime may be negative
    private final ProxyPool pool =
            new ProxyPool(List.of("http://a:1", "b:2", "http://C:3/"), Duration.ofSeconds(10), now::get);

    private List<String> take(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(pool.next().orElseThrow());
        return out;
    }

    @Test
    void handsOutProxiesRoundRobin() {
        assertEquals(
                List.of("http://a:1", "http://b:2", "http://c:3", "http://a:1", "http://b:2", "http://c:3"), take(6));
    }

    @Test
    void skipsProxiesInCooldownUntilItEnds() {
        assertTrue(pool.fail("http://b:2"));
        assertFalse(pool.fail("http://b:2"), "already cooling: not counted twice");
        assertEquals(2, pool.healthyCount());
        assertFalse(take(6).contains("http://b:2"));
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        assertEquals(3, pool.healthyCount());
        assertTrue(take(3).contains("http://b:2"));
    }

    @Test
    void whenAllAreCoolingTheOneBackFirstIsUsedNeverDirect() {
        pool.fail("http://a:1");
        now.addAndGet(1_000);
        pool.fail("http://c:3");
        now.addAndGet(1_000);
        pool.fail("http://b:2");
        assertEquals(0, pool.healthyCount());
        assertEquals(List.of("http://a:1", "http://a:1", "http://a:1"), take(3));
    }

    @Test
    void anEmptyPoolHasNothingToOffer() {
        assertEquals(Optional.empty(), new ProxyPool(List.of(), Duration.ofSeconds(1)).next());
    }

    @Test
    void readsProxiesFromSettingsAndAFileSkippingCommentsAndDuplicates(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("proxies.txt");
        Files.writeString(file, "# office\nhttp://10.0.0.1:3128\n\n10.0.0.2:8080  # spare\nhttp://a:1\n");
        ProxyPool p = ProxyPool.from(TestSettings.of("proxies=http://a:1", "proxy_file=" + file));
        assertEquals(List.of("http://a:1", "http://10.0.0.1:3128", "http://10.0.0.2:8080"), p.proxies());
    }

    @Test
    void rejectsWhatIsNotAnHttpProxy() {
        assertThrows(InvalidSettingException.class, () -> ProxyPool.normalize("socks5://h:1080"));
        assertThrows(InvalidSettingException.class, () -> ProxyPool.normalize("http://h"));
        assertThrows(InvalidSettingException.class, () -> ProxyPool.normalize("http://h:1/path"));
        assertEquals("http://user:pw@h:8080", ProxyPool.normalize("http://user:pw@H:8080"));
    }
}
