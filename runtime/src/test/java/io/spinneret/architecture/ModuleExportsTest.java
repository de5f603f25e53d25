package io.spinneret.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.embed.Crawler;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The runtime's public line, as {@code module-info.java} draws it: a package added to the exports
 * is a decision, not an accident. (The tests run on the class path, so the descriptor is read from
 * the compiled {@code module-info.class}.)
 */
class ModuleExportsTest {
    @Test
    void exportsTheSpiderApiTheExtensionSpiAndWhatGeneratedCodeNeeds() throws Exception {
        ModuleDescriptor module;
        // the folder (or jar) the runtime's classes came from, not whichever module-info.class the class path finds
        // first
        Path classes = Path.of(Crawler.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (FileSystem jar = Files.isDirectory(classes) ? null : FileSystems.newFileSystem(classes);
                InputStream in = Files.newInputStream(
                        jar == null ? classes.resolve("module-info.class") : jar.getPath("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        assertEquals("io.spinneret.runtime", module.name());
        Set<String> exported = new TreeSet<>();
        for (ModuleDescriptor.Exports e : module.exports()) {
            assertEquals(Set.of(), e.targets(), e.source() + " is exported to everyone or not at all");
            exported.add(e.source());
        }
        // io.spinneret.engine is not among them: embedders use io.spinneret.embed, the CLI's tools and the
        // test kit io.spinneret.devtools
        assertEquals(
                new TreeSet<>(Set.of(
                        "io.spinneret.api",
                        "io.spinneret.embed",
                        "io.spinneret.devtools",
                        "io.spinneret.links",
                        "io.spinneret.settings",
                        "io.spinneret.structured",
                        "io.spinneret.spi",
                        "io.spinneret.middleware",
                        "io.spinneret.items",
                        "io.spinneret.observe",
                        "io.spinneret.internal")),
                exported);
    }
}
