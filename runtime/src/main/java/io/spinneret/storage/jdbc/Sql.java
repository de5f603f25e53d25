package io.spinneret.storage.jdbc;

import io.spinneret.internal.Field;
import java.util.List;
import java.util.function.UnaryOperator;

/** Statement text shared by the dialects. */
final class Sql {
    private Sql() {}

    /** {@code INSERT INTO "t" ("a", "b") VALUES (?, ?)}. */
    static String insert(UnaryOperator<String> quote, String table, List<Field> fields) {
        StringBuilder sql =
                new StringBuilder("INSERT INTO ").append(quote.apply(table)).append(" (");
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sql.append(", ");
                values.append(", ");
            }
            sql.append(quote.apply(fields.get(i).name()));
            values.append('?');
        }
        return sql.append(") VALUES (").append(values).append(')').toString();
    }

    /**
     * {@code DO UPDATE SET "a" = excluded."a", ...} over every non-key column, or {@code DO NOTHING}
     * when the key is the only column (PostgreSQL and SQLite).
     */
    static String doUpdateExcluded(UnaryOperator<String> quote, List<Field> fields, int keyIndex, String excluded) {
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i == keyIndex) continue;
            String column = quote.apply(fields.get(i).name());
            sql.append(sql.isEmpty() ? "DO UPDATE SET " : ", ")
                    .append(column)
                    .append(" = ")
                    .append(excluded)
                    .append('.')
                    .append(column);
        }
        return sql.isEmpty() ? "DO NOTHING" : sql.toString();
    }
}
