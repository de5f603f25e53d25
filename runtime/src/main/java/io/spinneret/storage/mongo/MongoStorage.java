package io.spinneret.storage.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import io.spinneret.spi.Upserts;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.BsonMaximumSizeExceededException;
import org.bson.BsonSerializationException;
import org.bson.Document;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.conversions.Bson;
import org.jspecify.annotations.Nullable;

/**
 * Items in MongoDB ({@code -o mongodb://user:pass@host:27017/db}; {@code mongodb+srv://} too), one
 * collection per item type in the URI's database ({@code spinneret} when the URI names none).
 *
 * <p>Each item is stored as its {@link ItemSchema#document}, with {@code _id} set to the item's
 * key: a batch is one unordered bulk write of {@code replaceOne({_id: key}, doc, upsert)}, so
 * re-running a crawl replaces documents instead of adding them, with no index to create. Values:
 * times are BSON dates (millisecond precision; a LocalDate is midnight UTC), decimals Decimal128
 * (34 significant digits), nested records and collections subdocuments and arrays.
 *
 * <p>Removed items ({@link ItemRemovals}): deleted by {@code _id}, or flagged with
 * {@code $set: {_removed_at: date}}. A write replaces the whole document, so it drops the flag; after
 * {@link #keepRemovedFlags} each document is written with {@code _removed_at: null}, the field present
 * as the SQL storages' column is ({@code {_removed_at: null}} matches a missing field too).
 *
 * <p>Writes use the URI's write concern, or acknowledged-and-journaled when it sets none, so a
 * batch is on disk when {@link #write} returns. A server that cannot be reached fails
 * {@link #open} after the server selection timeout (10 s unless the URI sets
 * {@code serverSelectionTimeoutMS}).
 */
public final class MongoStorage implements Storage, ItemRemovals {
    private static final String DEFAULT_DATABASE = "spinneret";

    private final ConnectionString uri;
    private final String description;
    private volatile @Nullable MongoClient client;
    private @Nullable MongoDatabase database;
    private volatile boolean removedFlags;

    /** @throws SpinneretException if {@code uri} is not a MongoDB connection string */
    public MongoStorage(String uri) {
        try {
            this.uri = new ConnectionString(uri);
        } catch (IllegalArgumentException e) {
            throw new SpinneretException("not a MongoDB URI (mongodb://user:password@host:27017/database): "
                    + e.getMessage().replace(uri, "<uri>"));
        }
        String db = this.uri.getDatabase() == null ? DEFAULT_DATABASE : this.uri.getDatabase();
        String user = this.uri.getUsername();
        String scheme = uri.startsWith("mongodb+srv:") ? "mongodb+srv://" : "mongodb://";
        this.description = scheme + (user == null ? "" : user + "@") + String.join(",", this.uri.getHosts()) + "/" + db;
    }

    @Override
    public void open() throws IOException {
        if (client != null) return;
        MongoClientSettings.Builder settings =
                MongoClientSettings.builder().applyConnectionString(uri).applicationName("spinneret");
        if (uri.getServerSelectionTimeout() == null) {
            settings.applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS));
        }
        if (uri.getWriteConcern() == null) settings.writeConcern(WriteConcern.ACKNOWLEDGED.withJournal(true));
        MongoClientSettings built = settings.build();
        MongoClient c = MongoClients.create(built);
        MongoDatabase db = c.getDatabase(uri.getDatabase() == null ? DEFAULT_DATABASE : uri.getDatabase());
        try {
            db.runCommand(new Document("ping", 1));
        } catch (MongoTimeoutException e) {
            c.close();
            throw new IOException(
                    "cannot connect to " + description + ": no server answered within "
                            + built.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS) / 1000.0
                            + " s"
                            + lastCause(masked(e)),
                    e);
        } catch (MongoException | IllegalStateException e) {
            c.close();
            throw new IOException("cannot connect to " + description + ": " + message(e), e);
        }
        database = db;
        client = c;
    }

    /** Deletes by {@code _id}, the item's key (a key of a string or integer type, as stored). */
    @Override
    public void removeItems(String table, Field key, List<Object> keys) throws IOException {
        byKey(table, keys, "delete", collection -> collection.deleteMany(Filters.in("_id", keys)));
    }

    /** Sets {@code _removed_at} by {@code _id} where it is not set yet (null or missing). */
    @Override
    public void flagItems(String table, Field key, List<Object> keys, Instant at) throws IOException {
        Bson notFlagged = Filters.and(Filters.in("_id", keys), Filters.eq(ItemRemovals.REMOVED_AT, null));
        Bson flag = Updates.set(ItemRemovals.REMOVED_AT, Date.from(at));
        byKey(table, keys, "flag", collection -> collection.updateMany(notFlagged, flag));
    }

    @Override
    public void keepRemovedFlags() {
        removedFlags = true;
    }

    private void byKey(String table, List<Object> keys, String verb, Consumer<MongoCollection<Document>> change)
            throws IOException {
        if (keys.isEmpty()) return;
        MongoDatabase db = database;
        if (db == null || client == null) throw new IOException(description + " is not open");
        try {
            change.accept(db.getCollection(table));
        } catch (MongoException | IllegalStateException | CodecConfigurationException e) {
            throw new IOException(
                    "cannot " + verb + " " + keys.size() + " removed pages' items in collection '" + table + "' in "
                            + description + ": " + message(e),
                    e);
        }
    }

    @Override
    public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
        if (items.isEmpty()) return;
        MongoDatabase db = database;
        if (db == null || client == null) throw new IOException(description + " is not open");
        String keyName = schema.fields().get(schema.keyIndex()).name();
        String target = "collection '" + schema.table() + "' in " + description;
        List<Document> documents = new ArrayList<>(items.size());
        for (T item : items) {
            Map<String, Object> fields = schema.document(item);
            Object key = fields.get(keyName);
            if (key == null) {
                throw new RejectedItemsException(
                        "cannot write " + schema.name() + " to " + target + ": its key '" + keyName + "' is null");
            }
            Document doc = new Document("_id", key);
            doc.putAll(fields);
            if (removedFlags) doc.put(ItemRemovals.REMOVED_AT, null);
            documents.add(doc);
        }
        documents = Upserts.lastPerKey(documents, d -> d.get("_id"));
        List<WriteModel<Document>> models = new ArrayList<>(documents.size());
        ReplaceOptions upsert = new ReplaceOptions().upsert(true);
        for (Document doc : documents)
            models.add(new ReplaceOneModel<>(Filters.eq("_id", doc.get("_id")), doc, upsert));
        try {
            db.getCollection(schema.table()).bulkWrite(models, new BulkWriteOptions().ordered(false));
        } catch (MongoException
                | IllegalStateException
                | CodecConfigurationException
                | BsonMaximumSizeExceededException e) {
            String text = "cannot write " + documents.size() + " " + schema.name() + " items to " + target + ": "
                    + message(e);
            throw isDataError(e) ? new RejectedItemsException(text, e) : new IOException(text, e);
        }
    }

    @Override
    public void close() {
        MongoClient c = client;
        client = null;
        database = null;
        if (c != null) c.close();
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public String toString() {
        return "MongoStorage[" + description + "]";
    }

    /**
     * The driver's timeout message describes the whole cluster; what a user needs is the last
     * {@code caused by {...}} in it (e.g. {@code java.net.ConnectException: Connection refused}).
     */
    static String lastCause(String timeoutMessage) {
        int at = timeoutMessage.lastIndexOf("caused by {");
        if (at < 0) return "";
        int end = timeoutMessage.indexOf('}', at);
        return end < 0 ? "" : " (" + timeoutMessage.substring(at + "caused by {".length(), end) + ")";
    }

    /**
     * Whether the server refused the documents themselves (write errors without a write-concern
     * error: a document too large, a unique index other than {@code _id}), or the driver could not
     * encode them; a timeout, a lost connection or a write concern may be transient.
     */
    private static boolean isDataError(Exception e) {
        if (e instanceof MongoBulkWriteException b)
            return !b.getWriteErrors().isEmpty() && b.getWriteConcernError() == null;
        return e instanceof CodecConfigurationException
                || e instanceof BsonMaximumSizeExceededException
                || e instanceof BsonSerializationException;
    }

    private String message(Exception e) {
        String text = masked(e);
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }

    /** The exception's message, whole, with the connection string's password taken out. */
    private String masked(Exception e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        char[] password = uri.getPassword();
        return password != null && password.length >= 4 ? text.replace(new String(password), "***") : text;
    }
}
