package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.storage.BookSchema.Book;
import io.spinneret.storage.jdbc.DatabaseUri;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
 * {@code -Dbench.items=N} and {@code -Dbench.batch=N} change the sizes.
 */
public class StorageBenchmark {
    private static final int ITEMS = Integer.getInteger("bench.items", 100_000);
    private static final int BATCH = Integer.getInteger("bench.batch", 200);
    /** Comma-separated backend names to measure (jsonl, sqlite, postgresql, mysql, mongodb); all by default. */
    private static final String ONLY = System.getProperty("bench.backends", "");

    /** What one backend did. */
    record Result(String backend, double insertsPerSecond, double rewritesPerSecond, long stored, int target) {}

    public static void main(String[] args) throws Exception {
        new StorageBenchmark().everyBackendStoresEveryBookOnceAndReportsItsRate();
    }

    @Test
    void everyBackendStoresEveryBookOnceAndReportsItsRate() throws Exception {
        List<Book> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < ITEMS; i++) items.add(BookSchema.book(i));
        String table = "bench_" + Long.toString(System.currentTimeMillis(), 36);
        BookSchema schema = new BookSchema(table);
        Path dir = Files.createTempDirectory("spinneret-bench");
        List<Result> results = new ArrayList<>();

        if (wanted("jsonl")) results.add(jsonl(schema, items, dir));
        if (wanted("sqlite")) results.add(measure("sqlite", 20_000, dir.resolve("bench.db").toString(), schema, items));
        String pg = System.getenv("SPINNERET_TEST_PG");
        if (pg != null && !pg.isBlank() && wanted("postgresql")) results.add(measure("postgresql", 20_000, pg, schema, items));
        String mysql = System.getenv("SPINNERET_TEST_MYSQL");
        if (mysql != null && !mysql.isBlank() && wanted("mysql")) results.add(measure("mysql", 20_000, mysql, schema, items));
        if (wanted("mongodb")) {
            MongoServer server = new MongoServer(new MemoryBackend());
            try {
                var address = server.bind();
                results.add(measure("mongodb (in-process)", 10_000,
                        "mongodb://127.0.0.1:" + address.getPort() + "/bench", schema, items));
            } finally {
                server.shutdownNow();
            }
            String mongo = System.getenv("SPINNERET_TEST_MONGO");
            if (mongo != null && !mongo.isBlank()) results.add(measure("mongodb", 10_000, mongo, schema, items));
        }

        System.out.printf("%n%,d books in batches of %d, items/s (first write = insert, second = upsert over existing keys)%n",
                ITEMS, BATCH);
        System.out.printf("%-22s %14s %14s %10s%n", "backend", "first write", "second write", "target");
        for (Result r : results) {
            System.out.printf("%-22s %,14.0f %,14.0f %,10d %s%n", r.backend(), r.insertsPerSecond(), r.rewritesPerSecond(),
                    r.target(), Math.min(r.insertsPerSecond(), r.rewritesPerSecond()) >= r.target() ? "ok" : "BELOW TARGET");
        }
        for (Result r : results) {
            long expected = r.backend().startsWith("jsonl") ? 2L * ITEMS : ITEMS; // files append
            assertEquals(expected, r.stored(), r.backend() + " stored");
        }
    }

    private static boolean wanted(String backend) {
        return ONLY.isBlank() || List.of(ONLY.split(",")).contains(backend);
    }

    private static Result measure(String name, int target, String uri, BookSchema schema, List<Book> items) throws Exception {
        Storage storage = Storages.forTarget(uri, Settings.defaults());
        storage.open();
        try {
            double first = pass(storage, schema, items);
            double second = pass(storage, schema, items);
            return new Result(name, first, second, count(uri, schema.table()), target);
        } finally {
            storage.close();
            drop(uri, schema.table());
        }
    }

    private static double pass(Storage storage, ItemSchema<Book> schema, List<Book> items) throws IOException {
        long start = System.nanoTime();
        for (int i = 0; i < items.size(); i += BATCH) {
            storage.write(schema, items.subList(i, Math.min(items.size(), i + BATCH)));
        }
        return items.size() / ((System.nanoTime() - start) / 1e9);
    }

    /** The core's JSONL storage when {@code Storages} has one, else a minimal writer over the same writeJson. */
    private static Result jsonl(BookSchema schema, List<Book> items, Path dir) throws Exception {
        Path file = dir.resolve("bench.jsonl");
        Storage storage;
        String name = "jsonl";
        try {
            storage = Storages.forTarget(file.toString(), Settings.defaults());
        } catch (SpinneretException notYet) {
            storage = new MinimalJsonl(file);
            name = "jsonl (minimal)";
        }
        storage.open();
        double first;
        double second;
        try {
            first = pass(storage, schema, items);
            second = pass(storage, schema, items);
        } finally {
            storage.close();
        }
        long lines;
        try (var stream = Files.lines(file)) {
            lines = stream.count();
        }
        return new Result(name, first, second, lines, 200_000);
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
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            out = new BufferedOutputStream(java.nio.channels.Channels.newOutputStream(channel), 1 << 16);
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
        try (Connection c = connect(uri); Statement st = c.createStatement();
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
            try (Connection c = connect(uri); Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static String database(String uri) {
        String db = new com.mongodb.ConnectionString(uri).getDatabase();
        return db == null ? "spinneret" : db;
    }

    private static Connection connect(String uri) throws Exception {
        if (uri.endsWith(".db")) return DriverManager.getConnection("jdbc:sqlite:" + uri);
        DatabaseUri u = DatabaseUri.parse(uri);
        boolean pg = u.scheme().startsWith("postgres");
        return DriverManager.getConnection(u.jdbcUrl(pg ? "postgresql" : "mysql", pg ? 5432 : 3306, Map.of()),
                u.user(), u.password());
    }
}
