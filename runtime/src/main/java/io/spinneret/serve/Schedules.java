package io.spinneret.serve;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The schedules table: a spider, its arguments and settings, a cron expression and when it fires next. */
final class Schedules {
    private final ServeDatabase db;

    Schedules(ServeDatabase db) {
        this.db = db;
    }

    long add(
            String spider,
            String cron,
            Map<String, String> args,
            Map<String, String> settings,
            Instant now,
            Instant next) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO schedules (spider, cron, args, settings, created, next) VALUES (?, ?, ?, ?, ?, ?)",
                    PreparedStatement.RETURN_GENERATED_KEYS)) {
                p.setString(1, spider);
                p.setString(2, cron);
                p.setString(3, ServeDatabase.toJson(args));
                p.setString(4, ServeDatabase.toJson(settings));
                p.setLong(5, now.toEpochMilli());
                p.setLong(6, next.toEpochMilli());
                p.executeUpdate();
                try (ResultSet keys = p.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
    }

    List<ScheduleRecord> list() {
        return select("ORDER BY id");
    }

    Optional<ScheduleRecord> get(long id) {
        List<ScheduleRecord> found = select("WHERE id = " + id);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    boolean delete(long id) {
        return db.update("DELETE FROM schedules WHERE id = ?", id) > 0;
    }

    /** Records that the schedule fired and started {@code runId}. */
    void fired(long id, long runId, Instant next) {
        db.update("UPDATE schedules SET next = ?, last_run_id = ? WHERE id = ?", next.toEpochMilli(), runId, id);
    }

    /** Records that the schedule came due while its last run was still going, and started nothing. */
    void skipped(long id, Instant next) {
        db.update("UPDATE schedules SET next = ?, skipped = skipped + 1 WHERE id = ?", next.toEpochMilli(), id);
    }

    private List<ScheduleRecord> select(String rest) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT * FROM schedules " + rest);
                    ResultSet r = p.executeQuery()) {
                List<ScheduleRecord> out = new ArrayList<>();
                while (r.next()) {
                    out.add(new ScheduleRecord(
                            r.getLong("id"),
                            r.getString("spider"),
                            r.getString("cron"),
                            ServeDatabase.fromJson(r.getString("args")),
                            ServeDatabase.fromJson(r.getString("settings")),
                            Instant.ofEpochMilli(r.getLong("created")),
                            Instant.ofEpochMilli(r.getLong("next")),
                            r.getObject("last_run_id") == null ? null : r.getLong("last_run_id"),
                            r.getInt("skipped")));
                }
                return out;
            }
        });
    }
}
