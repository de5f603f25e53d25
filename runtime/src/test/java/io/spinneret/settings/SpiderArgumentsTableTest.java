package io.spinneret.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Setting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code [spider.<name>.args]}: spider arguments in {@code settings.toml}, kept apart from the settings. */
class SpiderArgumentsTableTest {
    @TempDir
    Path dir;

    private SettingsLoader load(String toml) throws Exception {
        Path f = dir.resolve("settings.toml");
        Files.writeString(f, toml);
        return SettingsLoader.load(f);
    }

    @Test
    void argumentsAreReadAsTextAndAreNoSettings() throws Exception {
        SettingsLoader l = load("""
                [spider.books]
                concurrency = 3
                [spider.books.args]
                category = "travel"
                max_pages = 2
                deep = true
                tags = ["a", "b"]
                """);
        assertEquals(
                Map.of("category", "travel", "max_pages", "2", "deep", "true", "tags", "a,b"), l.arguments("books"));
        assertEquals(Map.of(), l.arguments("quotes"));
        assertEquals(
                3,
                l.resolve("books", "x.Books", List.of(), List.of()).getInt(Setting.CONCURRENCY),
                "the section's settings still apply");
    }

    @Test
    void aTableInsideTheArgumentsIsAnError() throws Exception {
        var e = assertThrows(InvalidSettingException.class, () -> load("""
                [spider.books.args.nested]
                x = 1
                """));
        assertTrue(e.getMessage().startsWith("spider argument 'nested' in [spider.books.args] of "), e.getMessage());
        var notATable = assertThrows(InvalidSettingException.class, () -> load("""
                [spider.books]
                args = 3
                """));
        assertTrue(notATable.getMessage().startsWith("[spider.books.args] in "), notATable.getMessage());
    }
}
