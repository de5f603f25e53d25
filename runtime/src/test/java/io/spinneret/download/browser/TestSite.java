package io.spinneret.download.browser;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A tiny site on 127.0.0.1 for the browser tests: one route per behaviour under test. */
final class TestSite implements AutoCloseable {
    /** Ten quotes that exist only after the page's script ran (like quotes.toscrape.com/js). */
    static final String JS_QUOTES = """
            <!DOCTYPE html><html><head><title>Quotes (JS)</title></head><body>
            <div class="container"></div>
            <script>
              var data = [];
              for (var i = 0; i < 10; i++) data.push({text: "Quote " + i, author: "Author " + i});
              var c = document.querySelector(".container");
              for (var q of data) {
                var d = document.createElement("div"); d.className = "quote";
                var s = document.createElement("span"); s.className = "text"; s.textContent = q.text;
                var a = document.createElement("small"); a.className = "author"; a.textContent = q.author;
                d.appendChild(s); d.appendChild(a); c.appendChild(d);
              }
            </script></body></html>""";

    final AtomicInteger imageHits = new AtomicInteger();
    /** Requests for the {@code /assets} page's sub-resources, by path. */
    final Map<String, AtomicInteger> assetHits = new ConcurrentHashMap<>();
    /** How long {@code /hang} stalls before it answers (never, in practice: closing the site interrupts it). */
    static final long HANG_MILLIS = 60_000;

    final AtomicInteger slowInFlight = new AtomicInteger();
    final AtomicInteger slowMaxInFlight = new AtomicInteger();
    final AtomicInteger slowGateTimeouts = new AtomicInteger();
    volatile CountDownLatch slowGate = new CountDownLatch(0);
    final CountDownLatch lateGate = new CountDownLatch(1);
    final AtomicInteger whoamiGateTimeouts = new AtomicInteger();
    /** Each /whoami/ response waits until this many are in flight (bounded). */
    volatile CountDownLatch whoamiGate = new CountDownLatch(0);

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    TestSite() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        server.setExecutor(executor);
        server.createContext("/js/", ex -> html(ex, 200, JS_QUOTES));
        server.createContext("/redirect", ex -> {
            ex.getResponseHeaders().add("Location", "/target");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        server.createContext("/target", ex -> {
            ex.getResponseHeaders().add("X-Test", "yes");
            html(ex, 200, "<html><body><h1>target</h1><script>document.title = 'ran'</script></body></html>");
        });
        server.createContext("/missing", ex -> html(ex, 404, "<html><body><p class=nf>not here</p></body></html>"));
        server.createContext(
                "/missing-js",
                ex -> html(
                        ex,
                        404,
                        "<html><body><p class=nf>not here</p><script>document.body.insertAdjacentHTML('beforeend', '<p class=added>added by script</p>')</script></body></html>"));
        server.createContext(
                "/image", ex -> html(ex, 200, "<html><body><img src='/pixel.png'><p>img</p></body></html>"));
        server.createContext("/pixel.png", ex -> {
            imageHits.incrementAndGet();
            byte[] png = Base64.getDecoder()
                    .decode(
                            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=");
            ex.getResponseHeaders().add("Content-Type", "image/png");
            ex.sendResponseHeaders(200, png.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(png);
            }
        });
        // a page with one sub-resource of each blockable kind that it is likely to meet
        server.createContext("/assets", ex -> html(ex, 200, """
                <html><head><link rel="stylesheet" href="/asset/style.css">
                <style>@font-face { font-family: F; src: url(/asset/font.woff2); } p { font-family: F; }</style>
                </head><body><p>assets</p><img src="/asset/photo.png">
                <video src="/asset/clip.mp4" preload="auto" muted></video>
                <script src="/asset/app.js"></script></body></html>"""));
        server.createContext("/asset/", ex -> {
            String path = ex.getRequestURI().getPath();
            assetHits.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
            byte[] body = path.endsWith(".js")
                    ? "document.title = 'script ran';".getBytes(StandardCharsets.UTF_8)
                    : path.endsWith(".css") ? "p { color: red; }".getBytes(StandardCharsets.UTF_8) : new byte[16];
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.createContext("/late", ex -> html(ex, 200, """
                <html><body><p>early</p><script>
                setTimeout(function () { var d = document.createElement('div'); d.className = 'late';
                  d.textContent = 'late content'; document.body.appendChild(d); }, 700);
                </script></body></html>"""));
        // the late content waits for /late-held/gate, which answers only once the test opens lateGate
        server.createContext("/late-held", ex -> {
            if (ex.getRequestURI().getPath().equals("/late-held/gate")) {
                try {
                    lateGate.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    ex.close();
                    return;
                }
                html(ex, 200, "late content");
                return;
            }
            html(ex, 200, """
                    <html><body><p>early</p><script>
                    fetch('/late-held/gate').then(r => r.text()).then(t => { var d = document.createElement('div');
                      d.className = 'late'; d.textContent = t; document.body.appendChild(d); });
                    </script></body></html>""");
        });
        server.createContext("/slow/", ex -> {
            int now = slowInFlight.incrementAndGet();
            slowMaxInFlight.accumulateAndGet(now, Math::max);
            try {
                slowGate.countDown();
                // hold until the whole pool is here (bounded)
                if (!slowGate.await(20, TimeUnit.SECONDS)) slowGateTimeouts.incrementAndGet();
                html(ex, 200, "<html><body><p class=slow>" + ex.getRequestURI().getPath() + "</p></body></html>");
            } catch (InterruptedException e) {
                ex.close();
            } finally {
                slowInFlight.decrementAndGet();
            }
        });
        server.createContext("/spin", ex -> html(ex, 200, """
                <html><body><p>spins</p><script>
                window.addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0));
                </script></body></html>"""));
        server.createContext("/hang", ex -> {
            try {
                Thread.sleep(HANG_MILLIS); // far longer than any test's browser_timeout; ends when the site closes
            } catch (InterruptedException e) {
                // server stopping
            }
            ex.close();
        });
        server.createContext("/data.json", ex -> {
            byte[] b = "{\"answer\": 42}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(b);
            }
        });
        // path, Set-Cookie, page text
        for (String[] r : new String[][] {
            {"/login", "session=s1; Path=/", "logged in"},
            {"/login2", "token=t2; Path=/", "logged in again"},
            {"/logout", "session=; Path=/; Max-Age=0", "logged out"},
            {"/logout2", "token=; Path=/; Max-Age=0", "logged out again"}
        }) {
            server.createContext(r[0], ex -> {
                ex.getResponseHeaders().add("Set-Cookie", r[1]);
                html(ex, 200, "<html><body><p>" + r[2] + "</p></body></html>");
            });
        }
        server.createContext("/cookies", ex -> {
            String cookie = ex.getRequestHeaders().getFirst("Cookie");
            html(ex, 200, "<html><body><p id=cookie>" + (cookie == null ? "none" : cookie) + "</p></body></html>");
        });
        server.createContext("/whoami/", ex -> {
            try {
                whoamiGate.countDown();
                if (!whoamiGate.await(30, TimeUnit.SECONDS))
                    whoamiGateTimeouts.incrementAndGet(); // until the whole pool is here
                String cookie = ex.getRequestHeaders().getFirst("Cookie");
                html(ex, 200, "<html><body><p id=cookie>" + (cookie == null ? "none" : cookie) + "</p></body></html>");
            } catch (InterruptedException e) {
                ex.close();
            }
        });
        server.createContext("/echo", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            html(
                    ex,
                    200,
                    "<html><body><p id=method>" + ex.getRequestMethod() + "</p><p id=body>" + body + "</p><p id=ua>"
                            + ex.getRequestHeaders().getFirst("User-Agent") + "</p></body></html>");
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static void html(HttpExchange ex, int status, String html) throws IOException {
        byte[] b = html.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
