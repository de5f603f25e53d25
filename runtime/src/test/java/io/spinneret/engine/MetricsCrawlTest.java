package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.embed.CrawlResult;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.observe.metrics.MetricsListener;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metrics of a real crawl: the Prometheus endpoint's text, parsed by the Prometheus client
 * library's own text-format parser (prometheus_client's {@code text_string_to_metric_families},
 * Debian's python3-prometheus-client), and OTLP pushes received by a loopback collector.
 */
class MetricsCrawlTest {
    @TempDir
    Path dir;

    /** Forwards to the metrics listener and, once it has every event, scrapes its endpoint over HTTP. */
    private static final class ScrapeAtClose implements CrawlListener {
        final MetricsListener metrics;
        volatile @Nullable String scraped;

        ScrapeAtClose(MetricsListener metrics) {
            this.metrics = metrics;
        }

        @Override
        public void crawlOpened(CrawlOpened crawl) {
            metrics.crawlOpened(crawl);
        }

        @Override
        public void requestScheduled(Request r) {
            metrics.requestScheduled(r);
        }

        @Override
        public void requestDropped(Request r, String reason) {
            metrics.requestDropped(r, reason);
        }

        @Override
        public void responseReceived(Request r, int status, long bytes, Duration latency) {
            metrics.responseReceived(r, status, bytes, latency);
        }

        @Override
        public void requestFailed(Failure f, @Nullable String errback) {
            metrics.requestFailed(f, errback);
        }

        @Override
        public void itemScraped(Object item) {
            metrics.itemScraped(item);
        }

        @Override
        public void itemDropped(Object item, String reason) {
            metrics.itemDropped(item, reason);
        }

        @Override
        public void crawlClosed(CrawlClosed crawl) {
            try (HttpClient http = HttpClient.newHttpClient()) {
                scraped = http.send(
                                HttpRequest.newBuilder(URI.create(metrics.url() + "metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
            metrics.crawlClosed(crawl);
        }
    }

    @Test
    void thePrometheusEndpointServesTheCrawlsFiguresInTheTextFormat() throws Exception {
        String python = pythonWithPrometheusClient();
        try (TestSite site = ObservedCrawls.site();
                MetricsListener metrics =
                        MetricsListener.open(Settings.defaults().with("metrics", "127.0.0.1:0", "test"))) {
            ScrapeAtClose scrape = new ScrapeAtClose(metrics);
            CrawlResult r =
                    ObservedCrawls.books(site, dir).listener(scrape).build().run();

            Map<String, Sample> samples = parse(python, scrape.scraped);
            String local = "domain=127.0.0.1,spider=books";
            assertEquals(
                    site.totalHits.get() - 2,
                    samples.get("spinneret_requests_total{" + local + ",status=200}").value,
                    0);
            assertEquals(1, samples.get("spinneret_requests_total{" + local + ",status=404}").value, 0);
            assertEquals("counter", samples.get("spinneret_requests_total{" + local + ",status=500}").type);
            assertEquals(
                    r.get(Stats.RESPONSES), samples.get("spinneret_response_seconds_count{spider=books}").value, 0);
            assertEquals("histogram", samples.get("spinneret_response_seconds_count{spider=books}").type);
            assertEquals(r.items(), samples.get("spinneret_items_total{spider=books,type=Book}").value, 0);
            assertEquals(2, samples.get("spinneret_failures_total{" + local + "}").value, 0);
            assertEquals(
                    r.get(Stats.REQUESTS), samples.get("spinneret_requests_scheduled_total{spider=books}").value, 0);
            assertEquals("gauge", samples.get("spinneret_queue_size{spider=books}").type);
            assertEquals("gauge", samples.get("spinneret_in_flight{spider=books}").type);
        }
    }

    @Test
    void metricsArePushedOverOtlpWhenMetricsOtlpIsSet() throws Exception {
        List<ExportMetricsServiceRequest> pushed = new CopyOnWriteArrayList<>();
        HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        collector.createContext("/v1/metrics", ex -> {
            try (ex) {
                pushed.add(ExportMetricsServiceRequest.parseFrom(
                        ex.getRequestBody().readAllBytes()));
                ex.sendResponseHeaders(200, -1);
            }
        });
        collector.start();
        try (TestSite site = ObservedCrawls.site()) {
            String url = "http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/metrics";
            // a step longer than the crawl: what arrives is the push at the crawl's end
            CrawlResult r = ObservedCrawls.books(site, dir, "metrics_otlp=" + url, "metrics_otlp_interval=3600")
                    .build()
                    .run();
            assertTrue(!pushed.isEmpty(), "a push arrived");
            double responses = 0;
            List<String> names = new ArrayList<>();
            for (ExportMetricsServiceRequest req : pushed) {
                for (var rm : req.getResourceMetricsList()) {
                    for (var sm : rm.getScopeMetricsList()) {
                        for (Metric m : sm.getMetricsList()) {
                            names.add(m.getName());
                            if (m.getName().equals("spinneret.requests")) {
                                for (var p : m.getSum().getDataPointsList()) responses += p.getAsDouble();
                            }
                        }
                    }
                }
            }
            assertTrue(
                    names.contains("spinneret.queue.size") && names.contains("spinneret.response"), names.toString());
            assertEquals(r.get(Stats.RESPONSES), responses, 0, "spinneret.requests over all statuses");
        } finally {
            collector.stop(0);
        }
    }

    /** One sample: its family's type and its value. */
    private record Sample(String type, double value) {}

    /**
     * A python3 that has prometheus_client (Debian's {@code python3-prometheus-client}, which
     * {@code .ci/run} installs): Debian's own interpreter first, then the one on the PATH. Missing,
     * the test fails where the services' {@code SPINNERET_TEST_*} variables say it runs with
     * everything installed (CI), and is skipped elsewhere.
     */
    private static String pythonWithPrometheusClient() throws InterruptedException {
        for (String python : List.of("/usr/bin/python3", "python3")) {
            try {
                Process p = new ProcessBuilder(python, "-c", "import prometheus_client.parser")
                        .redirectErrorStream(true)
                        .start();
                p.getInputStream().readAllBytes();
                if (p.waitFor() == 0) return python;
            } catch (IOException notThere) {
                // the next one
            }
        }
        String missing =
                "no python3 with prometheus_client (the Prometheus text-format parser): install python3-prometheus-client (apt)";
        boolean everythingInstalled = System.getenv().keySet().stream().anyMatch(k -> k.startsWith("SPINNERET_TEST_"));
        if (everythingInstalled) fail(missing + "; the SPINNERET_TEST_* variables are set, so this test must run");
        Assumptions.assumeTrue(false, missing);
        return "";
    }

    /** Parses {@code text} with prometheus_client's parser; keys are {@code name{label=value,...}} with labels sorted. */
    private Map<String, Sample> parse(String python, @Nullable String text) throws Exception {
        Path in = dir.resolve("scrape.txt");
        Files.writeString(in, text == null ? "" : text);
        String script = String.join(
                "\n",
                "import json, sys",
                "from prometheus_client.parser import text_string_to_metric_families",
                "out = []",
                "for f in text_string_to_metric_families(open(sys.argv[1]).read()):",
                "    for s in f.samples:",
                "        out.append({'type': f.type, 'name': s.name, 'labels': s.labels, 'value': s.value})",
                "print(json.dumps(out))");
        Process p = new ProcessBuilder(python, "-c", script, in.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), output);
        Map<String, Sample> samples = new HashMap<>();
        for (JsonNode s : JsonMapper.builder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build()
                .readTree(output)) {
            List<String> labels = new ArrayList<>();
            s.get("labels")
                    .fields()
                    .forEachRemaining(
                            e -> labels.add(e.getKey() + "=" + e.getValue().asText()));
            labels.sort(null);
            samples.put(
                    s.get("name").asText() + "{" + String.join(",", labels) + "}",
                    new Sample(s.get("type").asText(), s.get("value").asDouble()));
        }
        return samples;
    }
}
