package io.spinneret.storage.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import io.spinneret.storage.BookSchema;
import io.spinneret.storage.StorageContractTest;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage contract for CSV: an appending backend, each item type in its own file, where an
 * empty cell stands for both null and the empty string.
 */
class CsvStorageTest extends StorageContractTest {
    @TempDir
    Path dir;

    private Path target() {
        return dir.resolve("out/items.csv");
    }

    @Override
    protected Storage newStorage() {
        return new CsvStorage(target());
    }

    @Override
    protected boolean upserts() {
        return false;
    }

    @Override
    protected boolean emptyStringIsNull() {
        return true;
    }

    @Override
    protected List<Map<String, Object>> readAll(ItemSchema<?> schema) throws Exception {
        List<List<String>> records =
                parse(Files.readString(JsonlStorageTest.fileOf(target(), schema), StandardCharsets.UTF_8));
        List<String> header = records.get(0);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<String> record : records.subList(1, records.size())) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (Field f : schema.fields()) {
                String v = record.get(header.indexOf(f.name()));
                row.put(
                        f.name(),
                        v.isEmpty()
                                ? null
                                : switch (f.type()) {
                                    case STRING, JSON -> v;
                                    case INTEGER -> Long.parseLong(v);
                                    case FLOATING -> Double.parseDouble(v);
                                    case DECIMAL -> new BigDecimal(v);
                                    case BOOLEAN -> Boolean.parseBoolean(v);
                                    case TIMESTAMP -> Instant.parse(v);
                                    case DATE -> LocalDate.parse(v);
                                });
            }
            rows.add(row);
        }
        return rows;
    }

    /** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(cell.toString());
                cell.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                cell.append(c);
            }
        }
        return records;
    }

    @Override
    protected void drop(String table) {
        // the temporary folder goes away
    }

    @Test
    void theHeaderIsWrittenOnceAcrossRuns() throws Exception {
        storage.write(books, List.of(BookSchema.book(1)));
        storage.close();
        storage = newStorage();
        storage.open();
        storage.write(books, List.of(BookSchema.book(2)));
        List<List<String>> records = parse(Files.readString(target()));
        assertEquals(3, records.size());
        assertEquals(books.fields().stream().map(Field::name).toList(), records.get(0));
    }
}
