package io.spinneret.serve;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The runs table: what was asked for, where each run is, how it ended. */
final class Runs {
    private final ServeDatabase db;

    Runs(ServeDatabase db) {
        this.db = db;
    }

    /** Adds a queued run and returns its id. */
    long add(
            String spider,
            Map<String, String> args,
            Map<String, String> settings,
            @Nullable Long scheduleId,
            Instant now) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO runs (spider, args, settings, state, schedule_id, created)"
                            + " VALUES (?, ?, ?, 'queued', ?, ?)",
                    PreparedStatement.RETURN_GENERATED_KEYS)) {
                p.setString(1, spider);
                p.setString(2, ServeDatabase.toJson(args));
                p.setString(3, ServeDatabase.toJson(settings));
                if (scheduleId == null) p.setNull(4, Types.INTEGER);
                else p.setLong(4, scheduleId);
                p.setLong(5, now.toEpochMilli());
                p.executeUpdate();
                try (ResultSet keys = p.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
    }

    Optional<RunRecord> get(long id) {
        List<RunRecord> found = select("WHERE id = " + id);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    /** The runs, newest first, at most {@code limit}. */
    List<RunRecord> list(int limit) {
        return select("ORDER BY id DESC LIMIT " + limit);
    }

    /** The runs in {@code state}, oldest first. */
    List<RunRecord> inState(RunState state) {
        return select("WHERE state = '" + state.label() + "' ORDER BY id");
    }

    /** True when a run of this schedule is queued or running. */
    boolean activeFor(long scheduleId) {
        return !select("WHERE schedule_id = " + scheduleId + " AND state IN ('queued', 'running')")
                .isEmpty();
    }

    void started(long id, long pid, int livePort, Instant now) {
        db.update(
                "UPDATE runs SET state = 'running', pid = ?, live_port = ?, started = ?, ended = NULL,"
                        + " exit_code = NULL, exit_reason = '' WHERE id = ?",
                pid,
                livePort,
                now.toEpochMilli(),
                id);
    }

    void ended(long id, RunState state, @Nullable Integer exitCode, String reason, Instant now) {
        db.update(
                "UPDATE runs SET state = ?, exit_code = ?, exit_reason = ?, ended = ?, live_port = 0 WHERE id = ?",
                state.label(),
                exitCode,
                reason,
                now.toEpochMilli(),
                id);
    }

    /** Puts a stopped or interrupted run back in the queue, to continue from its saved queue. */
    void requeueForResume(long id) {
        db.update("UPDATE runs SET state = 'queued', resumed = resumed + 1 WHERE id = ?", id);
    }

    private List<RunRecord> select(String rest) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT * FROM runs " + rest);
                    ResultSet r = p.executeQuery()) {
                List<RunRecord> out = new ArrayList<>();
                while (r.next()) out.add(row(r));
                return out;
            }
        });
    }

    private static RunRecord row(ResultSet r) throws SQLException {
        return new RunRecord(
                r.getLong("id"),
                r.getString("spider"),
                ServeDatabase.fromJson(r.getString("args")),
                ServeDatabase.fromJson(r.getString("settings")),
                RunState.of(r.getString("state")),
                r.getObject("schedule_id") == null ? null : r.getLong("schedule_id"),
                Instant.ofEpochMilli(r.getLong("created")),
                instant(r, "started"),
                instant(r, "ended"),
                r.getObject("exit_code") == null ? null : r.getInt("exit_code"),
                r.getString("exit_reason"),
                r.getLong("pid"),
                r.getInt("live_port"),
                r.getInt("resumed"));
    }

    static @Nullable Instant instant(ResultSet r, String column) throws SQLException {
        long v = r.getLong(column);
        return r.wasNull() ? null : Instant.ofEpochMilli(v);
    }
}
