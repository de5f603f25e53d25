package io.spinneret.examples.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.spinneret.processor.SpinneretProcessor;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of {@code README.md} and {@code docs/*.md} compiles with javac and
 * Spinneret's annotation processor, against the runtime on this module's test class path, so a
 * snippet that calls an API that does not exist, or misspells a callback, fails the build.
 *
 * <p>The convention (also in {@code docs/testing.md}):
 * <ul>
 *   <li>{@code ```java}: one compilation unit (any number of top-level types, public or not). Without
 *       a {@code package} line it is compiled in a package of its own, with {@link #DEFAULT_IMPORTS}.</li>
 *   <li>{@code ```java members}: fields, methods and nested types, compiled as the body of a class
 *       (with the default imports). {@code @Parse} methods there get the processor's
 *       {@code [NotASpider]} warning, which is fine: only errors fail.</li>
 *   <li>{@code ```java statements}: statements, compiled as the body of a method that may throw.</li>
 * </ul>
 * Each block is compiled on its own, so two blocks may declare the same spider name. There is no
 * way to skip a Java block: write the other code blocks as {@code ```sh}, {@code ```text} and so on.
 */
class DocSnippetsTest {
    /** Prepended to every block without a {@code package} line: what a spider's source usually imports. */
    static final List<String> DEFAULT_IMPORTS = List.of(
            "io.spinneret.annotations.*",
            "io.spinneret.api.*",
            "java.util.*",
            "java.util.stream.*",
            "org.jsoup.nodes.Document",
            "org.jsoup.nodes.Element",
            "org.jsoup.select.Elements");

    @TempDir
    static Path out;

    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    static List<MarkdownDocs.Block> javaBlocks() {
        return MarkdownDocs.files().stream()
                .flatMap(f -> MarkdownDocs.blocks(f).stream())
                .filter(b -> b.language().equalsIgnoreCase("java"))
                .toList();
    }

    @Test
    void theReadmeHasASpiderToCompile() {
        assertFalse(
                javaBlocks().stream()
                        .noneMatch(b -> b.file().getFileName().toString().equals("README.md")
                                && b.code().contains("@Spider")),
                "README.md has a ```java block with a @Spider");
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() {
        return javaBlocks().stream().map(b -> DynamicTest.dynamicTest(b.where(), () -> compile(b)));
    }

    private static void compile(MarkdownDocs.Block block) throws IOException {
        String pkg = "snippets."
                + block.file()
                        .getFileName()
                        .toString()
                        .replace(".md", "")
                        .toLowerCase(Locale.ROOT)
                        .replaceAll("[^a-z0-9]", "_")
                + ".line" + block.fenceLine();
        String imports = DEFAULT_IMPORTS.stream().map(i -> "import " + i + ";").collect(Collectors.joining(" "));
        boolean ownPackage = block.code().lines().anyMatch(l -> l.startsWith("package "));
        // the prefix is one line, so javac's line n is the block's line n - 1
        String prefix = ownPackage ? "" : "package " + pkg + "; " + imports;
        String source = switch (block.info()) {
            case "" -> prefix + "\n" + block.code();
            case "members" -> prefix + " class Snippet {\n" + block.code() + "}\n";
            case "statements" ->
                prefix + " class Snippet { void snippet() throws Exception {\n" + block.code() + "}}\n";
            default ->
                throw new AssertionError(block.where() + ": unknown kind of java block '" + block.info()
                        + "': write ```java, ```java members or ```java statements");
        };
        int offset = ownPackage ? 0 : 1;

        Path classes = Files.createDirectories(out.resolve(pkg).resolve("classes"));
        Path generated = Files.createDirectories(out.resolve(pkg).resolve("generated"));
        List<String> options = List.of(
                "--release",
                "21",
                "-proc:full",
                "-d",
                classes.toString(),
                "-s",
                generated.toString(),
                "-classpath",
                classPath());
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter javacOut = new StringWriter();
        boolean ok;
        try (StandardJavaFileManager files = JAVAC.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task =
                    JAVAC.getTask(javacOut, files, diagnostics, options, null, List.of(new Snippet(pkg, source)));
            task.setProcessors(List.of(new SpinneretProcessor()));
            ok = task.call();
        }

        Diagnostic<? extends JavaFileObject> first = diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .findFirst()
                .orElse(null);
        if (!ok || first != null) {
            assertNotNull(
                    first,
                    block.where() + ": javac failed without an error: " + diagnostics.getDiagnostics() + " "
                            + javacOut);
            boolean inBlock = first.getSource() instanceof Snippet && first.getLineNumber() > offset;
            String line =
                    inBlock ? "line " + (block.firstLine() + first.getLineNumber() - 1 - offset) : "in generated code";
            fail(MarkdownDocs.ROOT.relativize(block.file()) + ", the ```java block at line " + block.fenceLine()
                    + " does not compile; " + line + ": " + first.getMessage(Locale.ROOT)
                    + (inBlock
                            ? "\n    "
                                    + source.lines()
                                            .skip(first.getLineNumber() - 1)
                                            .findFirst()
                                            .orElse("")
                                            .strip()
                            : ""));
        }
    }

    /** The test class path (Surefire puts the real one in java.class.path), without this module's own classes. */
    private static String classPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** A block's source. Any name fits it, so a block may declare several public types. */
    private static final class Snippet extends SimpleJavaFileObject {
        private final String source;

        Snippet(String pkg, String source) {
            super(URI.create("string:///" + pkg.replace('.', '/') + "/Snippet.java"), Kind.SOURCE);
            this.source = source;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return source;
        }

        @Override
        public boolean isNameCompatible(String simpleName, Kind kind) {
            // not module-info or package-info, which javac recognises by this method too
            return kind == Kind.SOURCE && !simpleName.contains("-");
        }
    }
}
