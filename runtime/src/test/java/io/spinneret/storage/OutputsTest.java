package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several outputs at once, and outputs for one item type ({@code -o Book=books.csv}). */
class OutputsTest {
    @TempDir
    Path dir;

    final BookSchema books = new BookSchema("book");
    final SampleSchema samples = new SampleSchema("sample");

    @Test
    void outputsAreSplitOnCommasWithTheirTypes() {
        assertEquals(
                List.of(
                        new Storages.Output(Set.of(), "a.jsonl"),
                        new Storages.Output(Set.of("Book"), "postgresql://u@h/db?x=1"),
                        new Storages.Output(Set.of("Book", "Sample"), "b.csv"),
                        new Storages.Output(Set.of(), "mongodb://h/db")),
                Storages.outputs("a.jsonl, Book=postgresql://u@h/db?x=1,Book+Sample=b.csv,mongodb://h/db"));
    }

    @Test
    void everyOutputWithoutATypeGetsEveryItem() throws Exception {
        Path jsonl = dir.resolve("a.jsonl");
        Path db = dir.resolve("b.db");
        try (Storage s = Storages.forOutput(jsonl + "," + db, Settings.defaults())) {
            s.open();
            s.write(books, List.of(BookSchema.book(1), BookSchema.book(2)));
            s.write(samples, List.of(SampleSchema.empty("s")));
        }
        assertEquals(2, Files.readAllLines(jsonl).size());
        assertEquals(1, Files.readAllLines(dir.resolve("a-sample.jsonl")).size());
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var st = c.createStatement();
                var rs = st.executeQuery("SELECT (SELECT count(*) FROM book), (SELECT count(*) FROM sample)")) {
            rs.next();
            assertEquals(2, rs.getInt(1));
            assertEquals(1, rs.getInt(2));
        }
    }

    @Test
    void itemsOfRemovedPagesAreDeletedOrFlaggedInTheDatabasesAndKeptInTheFiles() throws Exception {
        Path jsonl = dir.resolve("a.jsonl");
        Path first = dir.resolve("first.db");
        Path second = dir.resolve("second.db");
        try (Storage s = Storages.forOutput(jsonl + "," + first + "," + second, Settings.defaults())) {
            s.open();
            ItemRemovals removals = assertInstanceOf(ItemRemovals.class, s);
            removals.keepRemovedFlags();
            s.write(books, List.of(BookSchema.book(1), BookSchema.book(2), BookSchema.book(3)));
            Field key = books.fields().get(books.keyIndex());
            List<Object> keys = List.of(books.key(BookSchema.book(2)));
            removals.flagItems(books.table(), key, keys, Instant.parse("2026-12-05T03:00:00Z"));
            removals.removeItems(books.table(), key, List.of(books.key(BookSchema.book(3))));
        }
        assertEquals(3, Files.readAllLines(jsonl).size(), "a file keeps its lines");
        try (Storage files = Storages.forOutput(jsonl + "," + dir.resolve("b.csv"), Settings.defaults())) {
            assertFalse(files instanceof ItemRemovals, "files alone: the writer warns that it keeps the items");
        }
        for (Path db : List.of(first, second)) {
            try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                    var st = c.createStatement();
                    var rs = st.executeQuery("SELECT count(*), count(" + ItemRemovals.REMOVED_AT + ") FROM book")) {
                rs.next();
                assertEquals(2, rs.getInt(1), db + ": book 3 deleted");
                assertEquals(1, rs.getInt(2), db + ": book 2 flagged");
            }
        }
    }

    @Test
    void anOutputForATypeTakesThatTypeOnlyAndTheOthersGoWhereNoTypeIsNamed() throws Exception {
        Path csv = dir.resolve("books.csv");
        Path rest = dir.resolve("rest.jsonl");
        try (Storage s = Storages.forOutput("Book=" + csv + "," + rest, Settings.defaults())) {
            s.open();
            s.write(books, List.of(BookSchema.book(1)));
            s.write(samples, List.of(SampleSchema.empty("s1"), SampleSchema.empty("s2")));
        }
        assertEquals(2, Files.readAllLines(csv).size(), "header and one book");
        List<String> lines = Files.readAllLines(rest);
        assertEquals(2, lines.size());
        ObjectMapper json = new ObjectMapper();
        for (String line : lines) assertTrue(json.readTree(line).has("id"), line);
    }

    @Test
    void itemsOfATypeNoOutputTakesAreRejectedSayingHowToRouteThem() throws Exception {
        try (Storage s = Storages.forOutput("Book=" + dir.resolve("books.jsonl"), Settings.defaults())) {
            s.open();
            RejectedItemsException e = assertThrows(
                    RejectedItemsException.class, () -> s.write(samples, List.of(SampleSchema.empty("s"))));
            assertEquals(1, e.items().size());
            assertTrue(e.getMessage().contains("-o Sample=FILE"), e.getMessage());
        }
    }

    @Test
    void aRetriedBatchIsNotWrittenAgainToTheOutputsThatHaveIt() throws Exception {
        Path jsonl = dir.resolve("a.jsonl");
        int[] failures = {1};
        Storage flaky = new Storage() {
            @Override
            public void open() {}

            @Override
            public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
                if (failures[0]-- > 0) throw new IOException("down");
            }

            @Override
            public void close() {}

            @Override
            public String describe() {
                return "flaky";
            }
        };
        FanOutStorage s = new FanOutStorage(List.of(
                new FanOutStorage.Route(Set.of(), Storages.forTarget(jsonl.toString(), Settings.defaults())),
                new FanOutStorage.Route(Set.of(), flaky)));
        s.open();
        List<BookSchema.Book> batch = List.of(BookSchema.book(1));
        assertThrows(IOException.class, () -> s.write(books, batch));
        s.write(books, batch); // the pipeline's retry: the same batch
        s.close();
        assertEquals(1, Files.readAllLines(jsonl).size());
    }

    @Test
    void standardOutputCanBeOneOutputOnce() {
        assertThrows(SpinneretException.class, () -> Storages.forOutput("-,-", Settings.defaults()));
    }

    @Test
    void aJsonFileIsOneArrayAfterEveryBatchAndContinuesItWhenAppendedTo() throws Exception {
        Path file = dir.resolve("books.json");
        ObjectMapper json = new ObjectMapper();
        Storage s = Storages.forTarget(file.toString(), Settings.defaults());
        s.open();
        assertEquals(0, json.readTree(file.toFile()).size(), "an empty array before any item");
        s.write(books, List.of(BookSchema.book(1), BookSchema.book(2)));
        assertEquals(2, json.readTree(file.toFile()).size(), "parses while the crawl runs");
        s.write(books, List.of(BookSchema.book(3)));
        s.close();
        Storage again = Storages.forTarget(file.toString(), Settings.defaults());
        again.open();
        again.write(books, List.of(BookSchema.book(4)));
        again.close();
        JsonNode all = json.readTree(file.toFile());
        assertEquals(4, all.size());
        assertEquals(BookSchema.book(4).upc(), all.get(3).get("upc").asText());
    }

    @Test
    void aJsonFileCutOffByAKillIsRepairedWhenTheNextCrawlOpensIt() throws Exception {
        Path file = dir.resolve("books.json");
        Storage s = Storages.forTarget(file.toString(), Settings.defaults());
        s.open();
        s.write(books, List.of(BookSchema.book(1), BookSchema.book(2)));
        s.close();
        // a batch killed half-way: the closing bracket overwritten by half an item
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 2));
        Files.writeString(file, ",{\"url\":\"http://half", StandardOpenOption.APPEND);
        Storage again = Storages.forTarget(file.toString(), Settings.defaults());
        again.open();
        again.write(books, List.of(BookSchema.book(3)));
        again.close();
        assertEquals(3, new ObjectMapper().readTree(file.toFile()).size());
    }
}
