package io.spinneret.storage.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.Storage;
import io.spinneret.storage.BookSchema;
import io.spinneret.storage.StorageContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract for {@link MongoStorage}, plus what only it has: {@code _id} is the item's key.
 * Subclasses name the server; documents are read back with a client of the test's own.
 */
abstract class MongoStorageContractTest extends StorageContractTest {
    private MongoClient reader;

    /** The connection string of the server under test, with a database. */
    protected abstract String uri();

    @Override
    protected Storage newStorage() {
        return new MongoStorage(uri());
    }

    private MongoDatabase database() {
        if (reader == null) reader = MongoClients.create(uri());
        return reader.getDatabase(new ConnectionString(uri()).getDatabase());
    }

    @AfterEach
    void closeReader() { // runs before the contract's own clean-up, so drop() uses a client of its own
        if (reader != null) reader.close();
        reader = null;
    }

    @Override
    protected List<Map<String, Object>> readAll(ItemSchema<?> schema) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Document doc : database().getCollection(schema.table()).find()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (Field f : schema.fields()) {
                Object v = doc.get(f.name());
                row.put(
                        f.name(),
                        switch (f.type()) {
                            case TIMESTAMP -> v == null ? null : ((Date) v).toInstant();
                            case DATE -> v == null ? null : LocalDate.ofInstant(((Date) v).toInstant(), ZoneOffset.UTC);
                            case DECIMAL -> v == null ? null : ((Decimal128) v).bigDecimalValue();
                            default -> v;
                        });
            }
            rows.add(row);
        }
        return rows;
    }

    @Override
    protected Map<Object, @Nullable Instant> removedFlags(ItemSchema<?> schema) {
        Map<Object, @Nullable Instant> flags = new HashMap<>();
        for (Document doc : database().getCollection(schema.table()).find()) {
            Date at = doc.getDate(ItemRemovals.REMOVED_AT);
            flags.put(doc.get("_id"), at == null ? null : at.toInstant());
        }
        return flags;
    }

    @Override
    protected void drop(String table) {
        try (MongoClient client = MongoClients.create(uri())) {
            client.getDatabase(new ConnectionString(uri()).getDatabase())
                    .getCollection(table)
                    .drop();
        }
    }

    @Test
    void theKeyIsTheDocumentId() {
        try {
            storage.write(books, List.of(BookSchema.book(7)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Document doc = database().getCollection(books.table()).find().first();
        assertEquals(BookSchema.book(7).upc(), doc.get("_id"));
        assertEquals(BookSchema.book(7).upc(), doc.get("upc"));
    }

    @Test
    void anUnreachableServerFailsOpenNamingTheTargetButNotThePassword() {
        Storage unreachable =
                new MongoStorage("mongodb://spider:secretpw@127.0.0.1:1/crawl?serverSelectionTimeoutMS=300");
        IOException e = assertThrows(IOException.class, unreachable::open);
        assertEquals(
                "cannot connect to mongodb://spider@127.0.0.1:1/crawl: no server answered within 0.3 s"
                        + " (java.net.ConnectException: Connection refused)",
                e.getMessage());
        assertFalse(e.getMessage().contains("secretpw"), e.getMessage());
    }
}
