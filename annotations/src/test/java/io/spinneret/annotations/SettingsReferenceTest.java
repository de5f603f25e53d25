package io.spinneret.annotations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code docs/settings.md} is what {@link SettingsReference} renders from the {@link Setting} catalogue. */
class SettingsReferenceTest {
    private static final Path DOCS = Path.of(System.getProperty("spinneret.docs.dir", "../docs"));
    private static final Path SOURCE = Path.of(
            System.getProperty("spinneret.setting.source", "src/main/java/io/spinneret/annotations/Setting.java"));

    @Test
    void settingsMdMatchesTheCatalogue() throws IOException {
        Path file = DOCS.resolve("settings.md");
        String expected = SettingsReference.render(Files.readAllLines(SOURCE, StandardCharsets.UTF_8));
        if (Boolean.getBoolean("spinneret.docs.write")) {
            Files.createDirectories(DOCS);
            Files.writeString(file, expected, StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(file)) fail(file + " is missing; generate it with: " + SettingsReference.REGENERATE);
        String actual = Files.readString(file, StandardCharsets.UTF_8);
        if (!actual.equals(expected)) {
            fail("docs/settings.md is stale: it differs from what the Setting catalogue renders, first at\n"
                    + firstDifference(actual, expected)
                    + "\nRegenerate it with: " + SettingsReference.REGENERATE + " (and commit the file)");
        }
    }

    @Test
    void everySettingIsInASectionOfTheSource() throws IOException {
        Map<String, String> sections = SettingsReference.sections(Files.readAllLines(SOURCE, StandardCharsets.UTF_8));
        for (Setting s : Setting.values()) {
            assertTrue(sections.containsKey(s.name()), s.name() + " was not found in " + SOURCE);
        }
        assertEquals(Setting.values().length, sections.size(), "constants found in the source: " + sections.keySet());
    }

    private static String firstDifference(String actual, String expected) {
        List<String> a = actual.lines().toList(), e = expected.lines().toList();
        for (int i = 0; i < Math.max(a.size(), e.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(end of file)";
            String y = i < e.size() ? e.get(i) : "(end of file)";
            if (!x.equals(y)) return "line " + (i + 1) + ":\n  file:      " + x + "\n  catalogue: " + y;
        }
        return "(line endings)";
    }
}
