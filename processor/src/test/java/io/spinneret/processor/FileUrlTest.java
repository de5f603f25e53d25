package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.spinneret.api.StoredFile;
import io.spinneret.internal.ItemSchema;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @FileUrl} components: their types are checked, and the generated schema reads and replaces their files. */
class FileUrlTest {
    @Test
    void fileUrlOnAComponentThatIsNotAStoredFileIsAnError() {
        Compilation c = Compilations.compile("files/ErroneousFileUrlType.java");
        var file = Compilations.source("files/ErroneousFileUrlType.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining("[FileUrlType] @FileUrl component 'coverUrl' has type java.lang.String")
                .inFile(file)
                .onLineContaining("@FileUrl String coverUrl");
        assertThat(c)
                .hadErrorContaining(
                        "make it a StoredFile (one file) or a List<StoredFile>, and fill it with StoredFile.of(url)")
                .inFile(file)
                .onLineContaining("@FileUrl String coverUrl");
        assertThat(c)
                .hadErrorContaining(
                        "[FileUrlType] @FileUrl component 'imageUrls' has type java.util.List<java.lang.String>")
                .inFile(file)
                .onLineContaining("@FileUrl List<String> imageUrls");
    }

    @SuppressWarnings("unchecked")
    private static ItemSchema<Object> album(GeneratedClassLoader loader) throws ReflectiveOperationException {
        return (ItemSchema<Object>)
                loader.load("test.files.Album_Serializer").getField("INSTANCE").get(null);
    }

    @Test
    void theSchemaHandsOutTheFilesInComponentOrderAndTakesThemBack() throws Exception {
        Compilation c = Compilations.compile("files/Album.java");
        assertThat(c).succeededWithoutWarnings();
        GeneratedClassLoader loader = new GeneratedClassLoader(c);
        ItemSchema<Object> schema = album(loader);
        assertTrue(schema.hasFiles());
        StoredFile plain = StoredFile.of("http://h/kept-as-is.png");
        Object item = Records.create(
                loader.load("test.files.Album"),
                "a1",
                StoredFile.of("http://h/cover.jpg"),
                "Title",
                Arrays.asList(StoredFile.of("http://h/1.jpg"), null, StoredFile.of("http://h/2.jpg")),
                plain);

        List<StoredFile> files = schema.files(item);
        assertEquals(
                List.of("http://h/cover.jpg", "http://h/1.jpg", "http://h/2.jpg"),
                files.stream().map(StoredFile::url).toList(),
                "the @FileUrl components only, nulls left out, in order");

        List<StoredFile> handled = files.stream()
                .map(f -> new StoredFile(f.url(), f.url().substring(9) + ".kept", "sum", StoredFile.DOWNLOADED))
                .toList();
        Object copy = schema.withFiles(item, handled);
        assertEquals(handled, schema.files(copy));
        String json = SerializerGenerationTest.json(schema, copy);
        assertTrue(json.contains("\"title\":\"Title\""), json);
        assertTrue(
                json.contains(
                        "{\"url\":\"http://h/cover.jpg\",\"path\":\"cover.jpg.kept\",\"checksum\":\"sum\",\"status\":\"downloaded\"}"),
                json);
        assertTrue(json.contains("null"), "the null photo stays null: " + json);
        assertTrue(json.contains("\"notDownloaded\":{\"url\":\"http://h/kept-as-is.png\",\"path\":null"), json);
        assertFalse(schema.files(item).get(0).handled(), "the original item is not changed");
    }
}
