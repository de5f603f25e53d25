package io.spinneret.storage;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.storage.jdbc.DatabaseUri;
import io.spinneret.storage.jdbc.MysqlStorage;
import io.spinneret.storage.jdbc.PostgresStorage;
import io.spinneret.storage.jdbc.SqliteStorage;
import io.spinneret.storage.mongo.MongoStorage;
import java.nio.file.Path;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Picks the storage for an {@code -o} target: by file extension ({@code .jsonl}, {@code .csv},
 * {@code .db}/{@code .sqlite}) or URI scheme ({@code postgresql://}, {@code mysql://},
 * {@code mongodb://}, {@code sqlite:}).
 */
public final class Storages {
    private Storages() {}

    /**
     * A storage for {@code target}; not yet opened.
     *
     * @throws SpinneretException for an unknown target, or for {@code overwrite_output} with a
     *     database (there is no file to empty: a crawl upserts into it)
     */
    public static Storage forTarget(String target, Settings settings) {
        boolean overwrite = settings.getBoolean(Setting.OVERWRITE_OUTPUT);
        Storage database = database(target);
        if (database != null && overwrite) {
            throw new SpinneretException("-O (overwrite_output) empties output files; " + target
                    + " is a database, which a crawl upserts into (use -o)");
        }
        if (database != null) return database;
        // each backend adds its case here
        String lower = target.toLowerCase(java.util.Locale.ROOT);
        if (!lower.contains("://")) {
            if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return new io.spinneret.storage.file.JsonlStorage(java.nio.file.Path.of(target), overwrite);
            if (lower.endsWith(".csv")) return new io.spinneret.storage.file.CsvStorage(java.nio.file.Path.of(target), overwrite);
        }
        if (lower.endsWith(".warc") || lower.endsWith(".warc.gz")) {
            throw new SpinneretException("'" + target + "' is a WARC file, which records the crawl's exchanges, not its items:"
                    + " give it with -o on the command line or as warc_output, beside the item output");
        }
        throw new SpinneretException("unsupported output '" + target + "': use a file ending in .jsonl, .csv, .db or .sqlite,"
                + " or a postgresql://, mysql:// or mongodb:// URL");
    }

    /**
     * The database storage for {@code sqlite:path}, {@code *.db}, {@code *.sqlite},
     * {@code *.sqlite3}, {@code postgresql://} (or {@code postgres://}), {@code mysql://},
     * {@code mariadb://} and {@code mongodb://} (or {@code mongodb+srv://}) targets; null for others.
     */
    static @Nullable Storage database(String target) {
        String lower = target.toLowerCase(Locale.ROOT);
        if (lower.startsWith("postgresql://") || lower.startsWith("postgres://")) {
            return new PostgresStorage(DatabaseUri.parse(target));
        }
        if (lower.startsWith("mysql://") || lower.startsWith("mariadb://")) {
            return new MysqlStorage(DatabaseUri.parse(target));
        }
        if (lower.startsWith("mongodb://") || lower.startsWith("mongodb+srv://")) {
            return new MongoStorage(target);
        }
        if (lower.startsWith("sqlite:")) {
            String path = target.substring("sqlite:".length());
            if (path.startsWith("//")) path = path.substring(2); // sqlite:///abs/path.db, sqlite://rel.db
            if (path.isEmpty()) throw new SpinneretException("sqlite: target needs a file, e.g. sqlite:items.db");
            return new SqliteStorage(Path.of(path));
        }
        if (lower.endsWith(".db") || lower.endsWith(".sqlite") || lower.endsWith(".sqlite3")) {
            return new SqliteStorage(Path.of(target));
        }
        return null;
    }
}
