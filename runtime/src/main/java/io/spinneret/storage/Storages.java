package io.spinneret.storage;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.storage.feed.CsvStorage;
import io.spinneret.storage.feed.JsonArrayStorage;
import io.spinneret.storage.feed.JsonlStorage;
import io.spinneret.storage.feed.StdoutStorage;
import io.spinneret.storage.jdbc.DatabaseUri;
import io.spinneret.storage.jdbc.MysqlStorage;
import io.spinneret.storage.jdbc.PostgresStorage;
import io.spinneret.storage.jdbc.SqliteStorage;
import io.spinneret.storage.mongo.MongoStorage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Picks the storage for an {@code -o} target: {@code -} (standard output), by file extension
 * ({@code .jsonl}, {@code .json}, {@code .csv}, {@code .db}/{@code .sqlite}) or URI scheme
 * ({@code postgresql://}, {@code mysql://}, {@code mongodb://}, {@code sqlite:}); several
 * outputs, each optionally for some item types, through {@link #forOutput}.
 */
public final class Storages {
    private Storages() {}

    /** {@code Type=target}: an output for the items of one type (record or table name). */
    private static final Pattern TYPED = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*(?:\\+[A-Za-z_][A-Za-z0-9_]*)*)=(.+)");

    /** One output of the {@code output} setting: the item types it takes (empty for all) and its target. */
    public record Output(Set<String> types, String target) {}

    /**
     * The outputs of an {@code output} setting: targets separated by commas ({@code -o} given
     * several times), each optionally prefixed by the item types it takes, {@code Book=books.csv}
     * or {@code Book+Author=db.sqlite}.
     */
    public static List<Output> outputs(String output) {
        List<Output> out = new ArrayList<>();
        for (String part : output.split(",")) {
            String t = part.strip();
            if (t.isEmpty()) continue;
            Matcher m = TYPED.matcher(t);
            if (m.matches()) {
                out.add(new Output(
                        new LinkedHashSet<>(List.of(m.group(1).split("\\+"))),
                        m.group(2).strip()));
            } else {
                out.add(new Output(Set.of(), t));
            }
        }
        return out;
    }

    /**
     * The storage of an {@code output} setting (see {@link #outputs}): one output's own storage, or
     * several behind one that gives each batch to every output of its type; not yet opened.
     *
     * @throws SpinneretException as {@link #forTarget} does, for any of them
     */
    public static Storage forOutput(String output, Settings settings) {
        List<Output> outputs = outputs(output);
        if (outputs.isEmpty()) throw new SpinneretException("no output given");
        if (outputs.size() == 1 && outputs.get(0).types().isEmpty())
            return forTarget(outputs.get(0).target(), settings);
        long stdout = outputs.stream().filter(o -> o.target().equals("-")).count();
        if (stdout > 1) throw new SpinneretException("standard output (-o -) can be given once");
        List<FanOutStorage.Route> routes = new ArrayList<>();
        for (Output o : outputs) routes.add(new FanOutStorage.Route(o.types(), forTarget(o.target(), settings)));
        return FanOutStorage.of(routes);
    }

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
        String lower = target.toLowerCase(Locale.ROOT);
        if (target.equals("-")) return new StdoutStorage();
        if (!lower.contains("://")) {
            if (lower.endsWith(".json")) return new JsonArrayStorage(Path.of(target), overwrite);
            if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson"))
                return new JsonlStorage(Path.of(target), overwrite);
            if (lower.endsWith(".csv")) return new CsvStorage(Path.of(target), overwrite);
        }
        if (lower.endsWith(".warc") || lower.endsWith(".warc.gz")) {
            throw new SpinneretException(
                    "'" + target + "' is a WARC file, which records the crawl's exchanges, not its items:"
                            + " give it with -o on the command line or as warc_output, beside the item output");
        }
        throw new SpinneretException("unsupported output '" + target
                + "': use - (standard output), a file ending in .jsonl, .json, .csv, .db or .sqlite,"
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
