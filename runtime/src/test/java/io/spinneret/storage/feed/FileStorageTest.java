package io.spinneret.storage.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.storage.Storages;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStorageTest {
    @TempDir
    Path dir;

    record Author(String name, String bio) {}

    static final ItemSchema<Author> AUTHOR = new ItemSchema<>() {
        @Override
        public Class<Author> type() {
            return Author.class;
        }

        @Override
        public String name() {
            return "Author";
        }

        @Override
        public String table() {
            return "author";
        }

        @Override
        public List<Field> fields() {
            return List.of(new Field("name", FieldType.STRING, true), new Field("bio", FieldType.STRING, true));
        }

        @Override
        public int keyIndex() {
            return 0;
        }

        @Override
        public Object[] values(Author a) {
            return new Object[] {a.name(), a.bio()};
        }

        @Override
        public void writeJson(Author a, JsonGenerator g) throws IOException {
            g.writeStartObject();
            g.writeStringField("name", a.name());
            g.writeStringField("bio", a.bio());
            g.writeEndObject();
        }

        @Override
        public String[] csvRow(Author a) {
            return new String[] {a.name(), a.bio()};
        }

        @Override
        public Map<String, Object> document(Author a) {
            return Map.of("name", a.name());
        }
    };

    @Test
    void jsonlWritesOneObjectPerLineAndAppends() throws Exception {
        Path out = dir.resolve("sub/books.jsonl");
        for (int run = 0; run < 2; run++) {
            try (JsonlStorage s = new JsonlStorage(out)) {
                s.open();
                s.write(BookSchema.INSTANCE, List.of(new Book("http://h/1", "Ünïcode \"quoted\"\nline", 1.5, "u1")));
                s.write(BookSchema.INSTANCE, List.of(new Book("http://h/2", "B", 2, "u2")));
            }
        }
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals(4, lines.size(), "a second run appends");
        var n = new ObjectMapper().readTree(lines.get(0));
        assertEquals("Ünïcode \"quoted\"\nline", n.get("title").asText());
        assertEquals(1.5, n.get("price").asDouble());
    }

    @Test
    void writtenBatchesAreVisibleBeforeClose() throws Exception {
        Path out = dir.resolve("b.jsonl");
        JsonlStorage s = new JsonlStorage(out);
        s.open();
        s.write(BookSchema.INSTANCE, List.of(new Book("http://h/1", "A", 1, "u1")));
        assertEquals(1, Files.readAllLines(out).size(), "flushed when write returns");
        s.close();
    }

    @Test
    void csvQuotesPerRfc4180AndWritesTheHeaderOnce() throws Exception {
        Path out = dir.resolve("books.csv");
        for (int run = 0; run < 2; run++) {
            try (CsvStorage s = new CsvStorage(out)) {
                s.open();
                s.write(
                        BookSchema.INSTANCE,
                        List.of(
                                new Book("http://h/1", "Hello, \"world\"\r\nbye", 1.0, "u1"),
                                new Book("http://h/2", "plain", 2.0, null)));
            }
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        String rows = "http://h/1,\"Hello, \"\"world\"\"\r\nbye\",1.0,u1\r\nhttp://h/2,plain,2.0,\r\n";
        assertEquals("url,title,price,upc\r\n" + rows + rows, text);
    }

    @Test
    void overwriteEmptiesEachFileOnceWhenItIsFirstWritten() throws Exception {
        Path jsonl = dir.resolve("books.jsonl");
        Path csv = dir.resolve("books.csv");
        Files.writeString(jsonl, "{\"from\":\"an earlier run\"}\n{\"half a li");
        Files.writeString(csv, "url,title,price,upc\r\nhttp://old/,old,0.0,\r\n");
        try (JsonlStorage j = new JsonlStorage(jsonl, true);
                CsvStorage c = new CsvStorage(csv, true)) {
            j.open();
            c.open();
            for (String u : List.of("u1", "u2")) { // two batches: only the first open empties the file
                j.write(BookSchema.INSTANCE, List.of(new Book("http://h/" + u, "A", 1, u)));
                c.write(BookSchema.INSTANCE, List.of(new Book("http://h/" + u, "A", 1.0, u)));
            }
        }
        List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("http://h/u1") && lines.get(1).contains("http://h/u2"), lines.toString());
        assertEquals(
                "url,title,price,upc\r\nhttp://h/u1,A,1.0,u1\r\nhttp://h/u2,A,1.0,u2\r\n",
                Files.readString(csv, StandardCharsets.UTF_8),
                "one header, the earlier rows gone");
    }

    @Test
    void eachItemTypeGetsItsOwnFile() throws Exception {
        Path out = dir.resolve("books.jsonl");
        try (JsonlStorage s = new JsonlStorage(out)) {
            s.open();
            s.write(BookSchema.INSTANCE, List.of(new Book("http://h/1", "A", 1, "u1")));
            s.write(AUTHOR, List.of(new Author("Ann", "x"), new Author("Bob", "y")));
            assertEquals(out, s.fileOf(BookSchema.INSTANCE));
            assertEquals(dir.resolve("books-author.jsonl"), s.fileOf(AUTHOR));
        }
        assertEquals(1, Files.readAllLines(out).size());
        assertEquals(2, Files.readAllLines(dir.resolve("books-author.jsonl")).size());
    }

    @Test
    void anOutputThatCannotBeWrittenFailsWhenOpenedNotAtTheFirstBatch() throws IOException {
        Files.writeString(dir.resolve("taken"), "a file, not a folder");
        Storage under = new JsonlStorage(dir.resolve("taken/books.jsonl"), false);
        IOException e = assertThrows(IOException.class, under::open);
        assertEquals("a file is in the way (" + dir.resolve("taken") + ")", e.getMessage());
        Files.createDirectories(dir.resolve("folder.csv"));
        e = assertThrows(IOException.class, new CsvStorage(dir.resolve("folder.csv"), false)::open);
        assertTrue(e.getMessage().contains("folder.csv"), e.getMessage());

        Storage fine = new JsonlStorage(dir.resolve("new/books.jsonl"), false);
        fine.open();
        fine.close();
        assertEquals(
                "",
                Files.readString(dir.resolve("new/books.jsonl")),
                "opened: an empty file, as after a crawl without items");

        Files.writeString(dir.resolve("old.jsonl"), "{\"from\": \"an earlier crawl\"}\n");
        Storage appending = new JsonlStorage(dir.resolve("old.jsonl"), false);
        appending.open();
        appending.close();
        assertTrue(Files.readString(dir.resolve("old.jsonl")).contains("earlier"), "-o keeps what is there");
        Storage overwriting = new JsonlStorage(dir.resolve("old.jsonl"), true);
        overwriting.open();
        overwriting.close();
        assertEquals("", Files.readString(dir.resolve("old.jsonl")), "-O empties it even if the crawl finds nothing");
    }

    @Test
    void outputIsChosenByExtension() {
        Settings s = Settings.defaults();
        assertInstanceOf(JsonlStorage.class, Storages.forTarget("out/x.jsonl", s));
        assertInstanceOf(JsonlStorage.class, Storages.forTarget("X.JSONL", s));
        assertInstanceOf(CsvStorage.class, Storages.forTarget("x.csv", s));
        assertInstanceOf(JsonArrayStorage.class, Storages.forTarget("x.json", s));
        assertInstanceOf(StdoutStorage.class, Storages.forTarget("-", s));
        SpinneretException e = assertThrows(SpinneretException.class, () -> Storages.forTarget("x.xml", s));
        assertEquals(
                "unsupported output 'x.xml': use - (standard output), a file ending in .jsonl, .json, .csv, .db or .sqlite,"
                        + " or a postgresql://, mysql:// or mongodb:// URL",
                e.getMessage());
        Storage st = Storages.forTarget("a.jsonl", s);
        assertEquals("a.jsonl", st.describe());
    }

    @Test
    void appendingAfterAnInterruptedWriteDropsTheHalfLineFirst() throws Exception {
        Path out = dir.resolve("killed.jsonl");
        Files.writeString(out, "{\"url\":\"http://h/1\"}\n{\"url\":\"http://h/2\",\"ti");
        try (JsonlStorage s = new JsonlStorage(out)) {
            s.open();
            s.write(BookSchema.INSTANCE, List.of(new Book("http://h/3", "C", 3, "u3")));
        }
        List<String> lines = Files.readAllLines(out);
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("{\"url\":\"http://h/1\"}", lines.get(0));
        assertTrue(lines.get(1).contains("http://h/3"), lines.get(1));
    }

    @Test
    void aFileHoldingOnlyAPartialLineIsEmptiedAndACompleteFileIsLeftAlone() throws Exception {
        Path partial = dir.resolve("partial.jsonl");
        Files.writeString(partial, "{\"url\":\"http://h/1\",");
        long partialSize = Files.size(partial);
        assertEquals(partialSize, FileStorage.dropPartialLastLine(partial));
        assertEquals(0, Files.size(partial));

        Path complete = dir.resolve("complete.jsonl");
        String text = "x".repeat(20_000) + "\n" + "y".repeat(9_000) + "\n";
        Files.writeString(complete, text);
        assertEquals(0, FileStorage.dropPartialLastLine(complete));
        assertEquals(text, Files.readString(complete));

        Path longTail = dir.resolve("long-tail.jsonl");
        Files.writeString(longTail, "a\n" + "z".repeat(20_000));
        assertEquals(20_000, FileStorage.dropPartialLastLine(longTail));
        assertEquals("a\n", Files.readString(longTail));
    }
}
