package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.observe.live.LivePage;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import io.spinneret.testing.TestSite;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live page's server over HTTP: its event stream during a crawl, its last state, and the token off loopback. */
class LivePageCrawlTest {
    @TempDir
    Path dir;

    private static Settings ui(String address, String token) {
        return Settings.defaults().with("ui", address, "test").with("ui_token", token, "test");
    }

    @Test
    void theEventStreamEndsWithTheCrawlsFinalFiguresAndStopReason() throws Exception {
        try (TestSite site = ObservedCrawls.site();
                LivePage live = LivePage.open(ui("127.0.0.1:0", ""));
                HttpClient http = HttpClient.newHttpClient()) {
            assertTrue(http.send(
                            HttpRequest.newBuilder(URI.create(live.url())).build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body()
                    .contains("<canvas id=\"chart\""));
            // the stream is opened before the crawl and read on another thread until it ends
            HttpResponse<InputStream> stream = http.send(
                    HttpRequest.newBuilder(URI.create(live.url() + "events")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(
                    "text/event-stream; charset=utf-8",
                    stream.headers().firstValue("Content-Type").orElse(""));
            List<String> events = new ArrayList<>();
            Thread reader = Thread.ofVirtual().start(() -> {
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; )
                        if (line.startsWith("data: ")) events.add(line.substring(6));
                } catch (IOException ignored) {
                    // the server closed the stream
                }
            });
            CrawlResult r =
                    ObservedCrawls.books(site, dir).listener(live).build().run();
            reader.join(Duration.ofSeconds(30));
            assertTrue(!events.isEmpty());
            JsonNode last = new ObjectMapper().readTree(events.get(events.size() - 1));
            assertEquals("finished", last.get("stopReason").asText());
            assertEquals(
                    r.get(Stats.REQUESTS), last.get("counters").get("requests").asLong());
            assertEquals(r.items(), last.get("counters").get("items").asLong());
            assertEquals(r.failures(), last.get("counters").get("failures").asLong());
            JsonNode domain = last.get("domains").get(0);
            assertEquals("127.0.0.1", domain.get("domain").asText());
            assertEquals(r.get(Stats.REQUESTS), domain.get("requests").asLong());
            // the card, the domain table and the summary count alike: the 404 and the 500 are ignored responses
            assertEquals(0, r.failures(), r.summaryLine());
            assertEquals(r.failures(), domain.get("failures").asLong());
            assertEquals(r.responses(), domain.get("responses").asLong(), "the 404 and the 500 among them");
            assertEquals(0, last.get("failures").size(), "no failure to list: " + last.get("failures"));
        }
    }

    @Test
    void beyondLoopbackThePageNeedsAToken() throws Exception {
        SpinneretException e = assertThrows(SpinneretException.class, () -> LivePage.open(ui("0.0.0.0:0", "")));
        assertTrue(e.getMessage().contains("set ui_token"), e.getMessage());
        try (LivePage live = LivePage.open(ui("0.0.0.0:0", "s3cret"));
                HttpClient http = HttpClient.newHttpClient()) {
            String state = live.url() + "state";
            assertEquals(
                    401,
                    http.send(HttpRequest.newBuilder(URI.create(state)).build(), HttpResponse.BodyHandlers.discarding())
                            .statusCode());
            assertEquals(
                    401,
                    http.send(
                                    HttpRequest.newBuilder(URI.create(state + "?token=wrong"))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode());
            assertEquals(
                    200,
                    http.send(
                                    HttpRequest.newBuilder(URI.create(state + "?token=s3cret"))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode());
            assertEquals(
                    200,
                    http.send(
                                    HttpRequest.newBuilder(URI.create(state))
                                            .header("Authorization", "Bearer s3cret")
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode());
        }
    }

    @Test
    void aBadAddressIsAOneLineError() {
        SpinneretException e = assertThrows(SpinneretException.class, () -> LivePage.open(ui("localhost:http", "")));
        assertEquals("ui expects host:port, e.g. 127.0.0.1:9464, got \"localhost:http\"", e.getMessage());
    }
}
