package io.spinneret.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpiderCatalogTest {
    @TempDir
    Path dir;

    private static SpiderRegistry registry(SpiderDefinition... spiders) {
        return new SpiderRegistry() {
            @Override
            public List<SpiderDefinition> spiders() {
                return List.of(spiders);
            }

            @Override
            public List<ItemSchema<?>> items() {
                return List.of(BookSchema.INSTANCE);
            }
        };
    }

    private static SpiderDefinition spider(String name, String className) {
        Predicate<String> never = u -> false;
        return new BooksFixture(name, List.of("http://h/"), List.of(), never) {
            @Override
            public String className() {
                return className;
            }
        };
    }

    @Test
    void duplicateNamesAcrossJarsNameBothClasses() {
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> SpiderCatalog.of(List.of(
                        registry(spider("books", "a.BooksSpider")), registry(spider("books", "b.OtherBooksSpider")))));
        assertEquals(
                "two spiders are named 'books': a.BooksSpider and b.OtherBooksSpider; "
                        + "rename one (spider names must be unique across jars)",
                e.getMessage());
    }

    @Test
    void theSameSpiderSeenTwiceIsNotADuplicate() {
        SpiderCatalog c = SpiderCatalog.of(List.of(registry(spider("books", "a.B")), registry(spider("books", "a.B"))));
        assertEquals(1, c.spiders().size());
    }

    @Test
    void unknownSpiderListsTheAvailableOnes() {
        SpiderCatalog c = SpiderCatalog.of(List.of(registry(spider("quotes", "q.Q"), spider("books", "b.B"))));
        assertEquals(
                List.of("books", "quotes"),
                c.spiders().stream().map(SpiderDefinition::name).toList());
        SpinneretException e = assertThrows(SpinneretException.class, () -> c.spider("boks"));
        assertEquals("no spider named 'boks' (did you mean 'books'?); available: books, quotes", e.getMessage());
    }

    /** A registry as the processor generates it: it names its spiders and makes one when asked, counting. */
    private static class LazyRegistry implements SpiderRegistry {
        final List<String> made = new ArrayList<>();

        @Override
        public List<SpiderDefinition> spiders() {
            return List.of(spider("books"), spider("quotes"));
        }

        @Override
        public Map<String, String> spiderClasses() {
            return Map.of("books", "b.B", "quotes", "q.Q");
        }

        @Override
        public SpiderDefinition spider(String name) {
            made.add(name);
            return SpiderCatalogTest.spider(name, spiderClasses().get(name));
        }

        @Override
        public List<ItemSchema<?>> items() {
            return List.of();
        }
    }

    @Test
    void aSpiderIsMadeOnlyWhenAskedForAndOnce() {
        LazyRegistry registry = new LazyRegistry();
        SpiderCatalog c = SpiderCatalog.of(List.of(registry));
        assertEquals(List.of("books", "quotes"), c.names());
        SpinneretException e = assertThrows(SpinneretException.class, () -> c.spider("boks"));
        assertEquals("no spider named 'boks' (did you mean 'books'?); available: books, quotes", e.getMessage());
        assertEquals(List.of(), registry.made);

        assertEquals("b.B", c.spider("books").className());
        assertTrue(c.find("books").isPresent());
        assertEquals(List.of("books"), registry.made);

        assertEquals(
                List.of("b.B", "q.Q"),
                c.spiders().stream().map(SpiderDefinition::className).toList());
        assertEquals(List.of("books", "quotes"), registry.made);
    }

    @Test
    void aRegistryThatListsASpiderItDoesNotMakeIsReported() {
        SpiderCatalog c = SpiderCatalog.of(List.of(new LazyRegistry() {
            @Override
            public SpiderDefinition spider(String name) {
                return null;
            }
        }));
        SpinneretException e = assertThrows(SpinneretException.class, () -> c.find("quotes"));
        assertTrue(e.getMessage().contains("lists spider 'quotes' but does not make it"), e.getMessage());
    }

    @Test
    void startedFromTheRuntimeJarAloneOnlyItAndTheSpidersDirectoryAreSearched() throws Exception {
        // a dependency of the runtime naming a registry that does not exist: searching it would fail
        Path dependency = jarWithService(dir.resolve("lib/dependency.jar"), "x.NoSuchRegistry");
        Path runtime = jarWithService(dir.resolve("runtime.jar"), "io.spinneret.testing.TestRegistry");
        Files.createDirectories(dir.resolve("spiders"));
        try (URLClassLoader classPath = new URLClassLoader(
                new URL[] {dependency.toUri().toURL()}, getClass().getClassLoader())) {
            SpiderCatalog c = SpiderCatalog.discover(classPath, dir.resolve("spiders"), runtime);
            assertTrue(c.find("testbooks").isPresent(), "the runtime jar's own registry");
            assertThrows(
                    SpinneretException.class,
                    () -> SpiderCatalog.discover(classPath, dir.resolve("spiders"), null),
                    "any other class path is searched whole");
        }
        assertNull(SpiderCatalog.runtimeJarAlone(getClass().getClassLoader()), "the tests' class path is not one jar");
    }

    @Test
    void theDependenciesTheRuntimeJarsManifestNamesAreNotSearched() throws Exception {
        // as runtime.jar's Class-Path names lib/*.jar: a class loader given the jar would follow it
        Path dependency = jarWithService(dir.resolve("lib/dependency.jar"), "x.NoSuchRegistry");
        Path runtime =
                jarWithService(dir.resolve("runtime.jar"), "io.spinneret.testing.TestRegistry", "lib/dependency.jar");
        Path withoutRegistry = dir.resolve("bare/runtime.jar");
        Files.createDirectories(withoutRegistry.getParent());
        Files.copy(dependency, dir.resolve("bare/dependency.jar"));
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(withoutRegistry))) {
            z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            z.write("Manifest-Version: 1.0\r\nClass-Path: dependency.jar\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        try (URLClassLoader classPath = new URLClassLoader(
                new URL[] {runtime.toUri().toURL()}, getClass().getClassLoader())) {
            SpiderCatalog c = SpiderCatalog.discover(classPath, dir.resolve("spiders"), runtime);
            assertTrue(c.find("testbooks").isPresent(), "the runtime jar's own registry");
            SpiderCatalog none = SpiderCatalog.discover(classPath, null, withoutRegistry);
            assertTrue(none.spiders().isEmpty(), "a runtime jar without a registry has no spiders");
        }
    }

    private static Path jarWithService(Path jar, String provider) throws Exception {
        return jarWithService(jar, provider, null);
    }

    private static Path jarWithService(Path jar, String provider, String classPath) throws Exception {
        Files.createDirectories(jar.getParent());
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            if (classPath != null) {
                z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
                z.write(("Manifest-Version: 1.0\r\nClass-Path: " + classPath + "\r\n\r\n")
                        .getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
            z.putNextEntry(new ZipEntry("META-INF/services/io.spinneret.internal.SpiderRegistry"));
            z.write((provider + "\n").getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        return jar;
    }

    @Test
    void spidersDirectoryContributesJarsAndClassFolders() throws Exception {
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(dir.resolve("b-spiders.jar")))) {
            z.putNextEntry(new ZipEntry("README"));
            z.closeEntry();
        }
        Path folder = dir.resolve("classes/META-INF/services");
        Files.createDirectories(folder);
        // the test registry is on the class path too: loaded parent-first, it is found once
        Files.writeString(
                folder.resolve("io.spinneret.internal.SpiderRegistry"), "io.spinneret.testing.TestRegistry\n");
        Files.createDirectories(dir.resolve("not-spiders"));
        Files.writeString(dir.resolve("notes.txt"), "x");
        // half copied, or not a jar at all: left out (with a warning) rather than passed to the class loader
        Files.write(dir.resolve("a-truncated.jar"), new byte[] {'P', 'K', 3, 4, 20, 0});

        SpiderCatalog c = SpiderCatalog.discover(getClass().getClassLoader(), dir);
        assertEquals(List.of(dir.resolve("b-spiders.jar"), dir.resolve("classes")), c.sources());
        assertTrue(c.find("testbooks").isPresent());
        assertTrue(SpiderCatalog.discover(getClass().getClassLoader(), dir.resolve("absent"))
                .sources()
                .isEmpty());
    }
}
