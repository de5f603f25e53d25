package io.spinneret.serve;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.spinneret.api.SpinneretException;
import io.spinneret.disk.OwnerOnly;
import io.spinneret.embed.SpiderCatalog;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service: the JDK's HTTP server ({@code com.sun.net.httpserver}, a virtual thread per exchange)
 * with the page at {@code /} and the API under {@code /api/}, every request checked by
 * {@link Access}; the runs' queue and the schedules' ticker over the database.
 */
public final class ServeService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServeService.class);

    private final HttpServer server;
    private final ExecutorService exchanges;
    private final ServeDatabase db;
    private final RunQueue queue;
    private final ScheduleTicker ticker;

    private ServeService(
            HttpServer server, ExecutorService exchanges, ServeDatabase db, RunQueue queue, ScheduleTicker ticker) {
        this.server = server;
        this.exchanges = exchanges;
        this.db = db;
        this.queue = queue;
        this.ticker = ticker;
    }

    /**
     * Opens the data directory, marks the runs a previous service left running as interrupted,
     * listens, and starts the queued runs and the schedules.
     *
     * @throws SpinneretException if the data directory, the database or the address cannot be used
     */
    public static ServeService start(ServeConfig config) {
        try {
            OwnerOnly.createDirectories(config.dataDir()); // it holds the runs' settings, passwords included
        } catch (IOException e) {
            throw new SpinneretException(
                    "cannot create the data directory " + config.dataDir() + ": " + e.getMessage(), e);
        }
        SpiderCatalog catalog = SpiderCatalog.discover(config.spidersDir());
        ServeDatabase db = ServeDatabase.open(config.dataDir());
        Runs runs = new Runs(db);
        Schedules schedules = new Schedules(db);
        RunLauncher launcher = new RunLauncher(config.spidersDir(), config.settingsFile(), config.javaOptions());
        RunQueue queue = new RunQueue(runs, launcher, config.dataDir(), config.clock(), config.maxRuns());
        queue.recover();
        Api api = new Api(
                new SpidersEndpoint(catalog),
                new RunsEndpoint(runs, queue, catalog, config.clock()),
                new SchedulesEndpoint(schedules, catalog, config.clock()));
        Access access = new Access(config.token());
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(config.host(), config.port()), 64);
        } catch (IOException e) {
            db.close();
            throw new SpinneretException(
                    "cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage(), e);
        }
        ExecutorService exchanges = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(exchanges);
        server.createContext("/api/", exchange -> api(exchange, access, api));
        server.createContext("/", exchange -> page(exchange, access));
        server.start();
        ScheduleTicker ticker = new ScheduleTicker(schedules, runs, queue, config.clock());
        ServeService service = new ServeService(server, exchanges, db, queue, ticker);
        queue.dispatch();
        ticker.start();
        LOG.info(
                "serving {} spider(s) from {} at {} (data in {}){}",
                catalog.names().size(),
                config.spidersDir(),
                service.url(),
                config.dataDir(),
                access.open() ? "; no token: anyone on this machine may use it" : "");
        return service;
    }

    private static void api(HttpExchange exchange, Access access, Api api) throws IOException {
        try (exchange) {
            if (!access.allows(exchange)) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                HttpIo.sendJson(exchange, 401, Map.of("error", "a token is required: Authorization: Bearer <token>"));
                return;
            }
            try {
                api.handle(exchange);
            } catch (ApiException e) {
                Api.error(exchange, e);
            } catch (RuntimeException e) {
                LOG.warn(
                        "{} {}: {}",
                        exchange.getRequestMethod(),
                        exchange.getRequestURI().getPath(),
                        e.toString());
                Api.error(exchange, new ApiException(500, e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }
    }

    private static void page(HttpExchange exchange, Access access) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals("/")) {
                HttpIo.sendText(exchange, 404, "text/plain; charset=utf-8", "not found\n");
            } else if (access.tokenInQuery(exchange)) {
                // the token leaves the address bar at once; the browser keeps a cookie derived from it
                exchange.getResponseHeaders().add("Set-Cookie", access.sessionCookie());
                exchange.getResponseHeaders().set("Location", "/");
                exchange.sendResponseHeaders(303, -1);
            } else if (!access.allows(exchange)) {
                HttpIo.sendText(exchange, 401, "text/html; charset=utf-8", ServePage.LOGIN);
            } else {
                HttpIo.sendText(exchange, 200, "text/html; charset=utf-8", ServePage.html());
            }
        }
    }

    /** The service's root URL, e.g. {@code http://127.0.0.1:7150/}. */
    public URI url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
                : a.getAddress().getHostAddress();
        if (host.contains(":")) host = "[" + host + "]";
        return URI.create("http://" + host + ":" + a.getPort() + "/");
    }

    /**
     * Stops the schedules and the server, stops the running runs gracefully (they are marked
     * interrupted), closes the database.
     */
    @Override
    public void close() {
        ticker.close();
        server.stop(0);
        exchanges.shutdownNow();
        queue.close();
        db.close();
    }
}
