package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.storage.BookSchema.Book;
import io.spinneret.storage.jdbc.DatabaseUri;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Items per second that each storage writes: 100,000 books ({url, title, price, upc, availability,
 * rating, category}) in batches of 200, the pipeline's default, each batch durable before the next.
 * The first pass inserts (through the upsert statement), the second re-writes the same keys, as a
 * re-run crawl does. Not run by {@code mvn verify} (the name does not end in Test); run it with
 *
 * <pre>
 * SPINNERET_TEST_PG=postgresql://postgres@127.0.0.1:5432/test SPINNERET_TEST_MYSQL=mysql://root@127.0.0.1:3306/test \
 *   ./mvnw -q -B -pl runtime -am test -Dtest=StorageBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * PostgreSQL, MySQL and a real MongoDB ({@code SPINNERET_TEST_MONGO}) are measured when their
 * variable is set; SQLite (a temporary file) and MongoDB (in-process mongo-java-server) always.
 * Each backend runs {@code bench.repeat} times (3) on a fresh table; the median and the best are
 * printed, since on a shared machine one run says little. {@code -Dbench.items=N},
 * {@code -Dbench.batch=N}, {@code -Dbench.repeat=N} and {@code -Dbench.backends=sqlite,mysql}
 * change the sizes and the selection.
 */
public class StorageBenchmark {
    private static final int ITEMS = Integer.getInteger("bench.items", 100_000);
    private static final int BATCH = Integer.getInteger("bench.batch", 200);
    /** Comma-separated backend names to measure (jsonl, sqlite, postgresql, mysql, mongodb); all by default. */
    private static final String ONLY = System.getProperty("bench.backends", "");

    private static final int REPEAT = Integer.getInteger("bench.repeat", 3);

    /** What one backend did: items/s of each repetition's first (insert) and second (re-write) pass. */
    record Result(String backend, List<Double> inserts, List<Double> rewrites, long stored, long expected, int target) {
        static double median(List<Double> rates) {
            List<Double> sorted = rates.stream().sorted().toList();
            return sorted.get(sorted.size() / 2);
        }

        static double best(List<Double> rates) {
            return rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }
    }

    public static void main(String[] args) throws Exception {
        new StorageBenchmark().everyBackendStoresEveryBookOnceAndReportsItsRate();
    }

    @Test
    void everyBackendStoresEveryBookOnceAndReportsItsRate() throws Exception {
        List<Book> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < ITEMS; i++) items.add(BookSchema.book(i));
        String table = "bench_" + Long.toString(System.currentTimeMillis(), 36);
        Path dir = Files.createTempDirectory("spinneret-bench");
        String load = Files.readString(Path.of("/proc/loadavg")).trim();
        List<Result> results = new ArrayList<>();

        if (wanted("jsonl")) results.add(jsonl(table, items, dir));
        if (wanted("sqlite"))
            results.add(measure("sqlite", 20_000, dir.resolve("bench.db").toString(), table, items));
        String pg = System.getenv("SPINNERET_TEST_PG");
        if (pg != null && !pg.isBlank() && wanted("postgresql"))
            results.add(measure("postgresql", 20_000, pg, table, items));
        String mysql = System.getenv("SPINNERET_TEST_MYSQL");
        if (mysql != null && !mysql.isBlank() && wanted("mysql"))
            results.add(measure("mysql", 20_000, mysql, table, items));
        if (wanted("mongodb")) {
            MongoServer server = new MongoServer(new MemoryBackend());
            try {
                var address = server.bind();
                results.add(measure(
                        "mongodb (in-process)",
                        10_000,
                        "mongodb://127.0.0.1:" + address.getPort() + "/bench",
                        table,
                        items));
            } finally {
                server.shutdownNow();
            }
            String mongo = System.getenv("SPINNERET_TEST_MONGO");
            if (mongo != null && !mongo.isBlank()) results.add(measure("mongodb", 10_000, mongo, table, items));
        }

        System.out.printf(
                "%n%,d books in batches of %d, %d repetitions, load average at start %s%n", ITEMS, BATCH, REPEAT, load);
        System.out.println(
                "items/s; first write = inserts through the upsert statement, second = upserts over existing keys");
        System.out.printf(
                "%-22s %12s %12s %12s %12s %9s%n",
                "backend", "1st median", "1st best", "2nd median", "2nd best", "target");
        for (Result r : results) {
            double median = Math.min(Result.median(r.inserts()), Result.median(r.rewrites()));
            System.out.printf(
                    "%-22s %,12.0f %,12.0f %,12.0f %,12.0f %,9d %s%n",
                    r.backend(),
                    Result.median(r.inserts()),
                    Result.best(r.inserts()),
                    Result.median(r.rewrites()),
                    Result.best(r.rewrites()),
                    r.target(),
                    median >= r.target() ? "ok" : "below target (median)");
        }
        for (Result r : results) assertEquals(r.expected(), r.stored(), r.backend() + " stored");
    }

    private static boolean wanted(String backend) {
        return ONLY.isBlank() || List.of(ONLY.split(",")).contains(backend);
    }

    /** REPEAT times: a fresh table, one insert pass, one re-write pass, a count, a drop. */
    private static Result measure(String name, int target, String uri, String table, List<Book> items)
            throws Exception {
        List<Double> inserts = new ArrayList<>();
        List<Double> rewrites = new ArrayList<>();
        long stored = 0;
        for (int r = 0; r < REPEAT; r++) {
            BookSchema schema = new BookSchema(table + "_" + r);
            Storage storage = Storages.forTarget(uri, Settings.defaults());
            storage.open();
            try {
                inserts.add(pass(storage, schema, items));
                rewrites.add(pass(storage, schema, items));
                stored = count(uri, schema.table());
            } finally {
                storage.close();
                drop(uri, schema.table());
            }
            if (stored != items.size()) break;
        }
        return new Result(name, inserts, rewrites, stored, items.size(), target);
    }

    private static double pass(Storage storage, ItemSchema<Book> schema, List<Book> items) throws IOException {
        long start = System.nanoTime();
        for (int i = 0; i < items.size(); i += BATCH) {
            storage.write(schema, items.subList(i, Math.min(items.size(), i + BATCH)));
        }
        return items.size() / ((System.nanoTime() - start) / 1e9);
    }

    /** The core's JSONL storage when {@code Storages} has one, else a minimal writer over the same writeJson. */
    private static Result jsonl(String table, List<Book> items, Path dir) throws Exception {
        List<Double> inserts = new ArrayList<>();
        List<Double> rewrites = new ArrayList<>();
        String name = "jsonl";
        long lines = 0;
        for (int r = 0; r < REPEAT; r++) {
            Path file = dir.resolve("bench-" + r + ".jsonl");
            BookSchema schema = new BookSchema(table);
            Storage storage;
            try {
                storage = Storages.forTarget(file.toString(), Settings.defaults());
            } catch (SpinneretException notYet) {
                storage = new MinimalJsonl(file);
                name = "jsonl (minimal)";
            }
            storage.open();
            try {
                inserts.add(pass(storage, schema, items));
                rewrites.add(pass(storage, schema, items));
            } finally {
                storage.close();
            }
            try (var stream = Files.lines(file)) {
                lines = stream.count();
            }
            Files.delete(file);
        }
        return new Result(name, inserts, rewrites, lines, 2L * items.size(), 200_000); // files append
    }

    /** JSON lines through the generated-style writeJson; each batch flushed and forced to disk. */
    private static final class MinimalJsonl implements Storage {
        private final Path file;
        private FileChannel channel;
        private OutputStream out;
        private JsonGenerator json;

        MinimalJsonl(Path file) {
            this.file = file;
        }

        @Override
        public void open() throws IOException {
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
            json.setRootValueSeparator(null);
        }

        @Override
        public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
            for (T item : items) {
                schema.writeJson(item, json);
                json.writeRaw('\n');
            }
            json.flush();
            channel.force(false);
        }

        @Override
        public void close() throws IOException {
            json.close();
        }

        @Override
        public String describe() {
            return file.toString();
        }
    }

    // ---- counting and dropping, per kind of target

    private static long count(String uri, String table) throws Exception {
        if (uri.startsWith("mongodb")) {
            try (MongoClient client = MongoClients.create(uri)) {
                return client.getDatabase(database(uri)).getCollection(table).countDocuments();
            }
        }
        try (Connection c = connect(uri);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void drop(String uri, String table) throws Exception {
        if (uri.startsWith("mongodb")) {
            try (MongoClient client = MongoClients.create(uri)) {
                client.getDatabase(database(uri)).getCollection(table).drop();
            }
        } else if (!uri.endsWith(".db")) {
            try (Connection c = connect(uri);
                    Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static String database(String uri) {
        String db = new ConnectionString(uri).getDatabase();
        return db == null ? "spinneret" : db;
    }

    private static Connection connect(String uri) throws Exception {
        if (uri.endsWith(".db")) return DriverManager.getConnection("jdbc:sqlite:" + uri);
        DatabaseUri u = DatabaseUri.parse(uri);
        boolean pg = u.scheme().startsWith("postgres");
        return DriverManager.getConnection(
                u.jdbcUrl(pg ? "postgresql" : "mysql", pg ? 5432 : 3306, Map.of()), u.user(), u.password());
    }
}
