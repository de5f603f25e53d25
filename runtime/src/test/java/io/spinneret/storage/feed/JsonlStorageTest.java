package io.spinneret.storage.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import io.spinneret.storage.StorageContractTest;
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

/** The storage contract for JSON Lines: an appending backend, each item type in its own file. */
class JsonlStorageTest extends StorageContractTest {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @TempDir
    Path dir;

    private Path target() {
        return dir.resolve("out/items.jsonl");
    }

    @Override
    protected Storage newStorage() {
        return new JsonlStorage(target());
    }

    @Override
    protected boolean upserts() {
        return false;
    }

    /** The first item type written goes to the target, every other one to {@code items-<table>.jsonl}. */
    static Path fileOf(Path target, ItemSchema<?> schema) {
        String name = target.getFileName().toString();
        int dot = name.lastIndexOf('.');
        Path sibling = target.resolveSibling(name.substring(0, dot) + "-" + schema.table() + name.substring(dot));
        return Files.exists(sibling) ? sibling : target;
    }

    @Override
    protected List<Map<String, Object>> readAll(ItemSchema<?> schema) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String line : Files.readAllLines(fileOf(target(), schema))) {
            JsonNode node = JSON.readTree(line);
            Map<String, Object> row = new LinkedHashMap<>();
            for (Field f : schema.fields()) {
                JsonNode v = node.get(f.name());
                row.put(
                        f.name(),
                        v == null || v.isNull()
                                ? null
                                : switch (f.type()) {
                                    case STRING -> v.textValue();
                                    case INTEGER -> v.longValue();
                                    case FLOATING -> v.doubleValue();
                                    case DECIMAL -> v.decimalValue();
                                    case BOOLEAN -> v.booleanValue();
                                    case TIMESTAMP -> Instant.parse(v.textValue());
                                    case DATE -> LocalDate.parse(v.textValue());
                                    case JSON -> v;
                                });
            }
            rows.add(row);
        }
        return rows;
    }

    @Override
    protected void drop(String table) {
        // the temporary folder goes away
    }

    @Test
    void eachItemIsOneLine() throws Exception {
        storage.write(samples, sampleItems());
        assertEquals(sampleItems().size(), Files.readAllLines(target()).size());
    }
}
