package io.spinneret.storage.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what an existing table looks like through {@link DatabaseMetaData}, the same way for every
 * driver. Table names are matched exactly: metadata lookups take patterns, in which {@code _} is a
 * wildcard, so results are filtered by the exact name.
 */
final class TableInspector {
    private TableInspector() {}

    /** The table's column names in order; empty if there is no such table. */
    static List<String> columns(Connection c, String table, String[] scope) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getColumns(scope[0], scope[1], table, "%")) {
            while (rs.next()) {
                if (table.equals(rs.getString("TABLE_NAME"))) columns.add(rs.getString("COLUMN_NAME"));
            }
        }
        return columns;
    }

    /** Whether {@code column} alone is the table's primary key or a unique index. */
    static boolean keyIsUnique(Connection c, String table, String column, String[] scope, boolean caseSensitive)
            throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        List<String> primaryKey = new ArrayList<>();
        try (ResultSet rs = meta.getPrimaryKeys(scope[0], scope[1], table)) {
            while (rs.next()) {
                if (table.equals(rs.getString("TABLE_NAME"))) primaryKey.add(rs.getString("COLUMN_NAME"));
            }
        }
        if (primaryKey.size() == 1 && same(primaryKey.get(0), column, caseSensitive)) return true;
        Map<String, List<String>> uniqueIndexes = new LinkedHashMap<>();
        try (ResultSet rs = meta.getIndexInfo(scope[0], scope[1], table, true, true)) {
            while (rs.next()) {
                String index = rs.getString("INDEX_NAME");
                String col = rs.getString("COLUMN_NAME");
                if (index == null || col == null || rs.getBoolean("NON_UNIQUE")) continue;
                if (!table.equals(rs.getString("TABLE_NAME"))) continue;
                uniqueIndexes.computeIfAbsent(index, k -> new ArrayList<>()).add(col);
            }
        }
        return uniqueIndexes.values().stream()
                .anyMatch(cols -> cols.size() == 1 && same(cols.get(0), column, caseSensitive));
    }

    private static boolean same(String a, String b, boolean caseSensitive) {
        return caseSensitive ? a.equals(b) : a.equalsIgnoreCase(b);
    }
}
