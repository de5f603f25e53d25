package io.spinneret.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;

/** Compiles test inputs from {@code src/test/resources/<feature>/} with the processor. */
final class Compilations {
    private Compilations() {}

    static Compilation compile(String... resources) {
        return compile(List.of(), resources);
    }

    static Compilation compile(List<String> options, String... resources) {
        JavaFileObject[] sources =
                Arrays.stream(resources).map(JavaFileObjects::forResource).toArray(JavaFileObject[]::new);
        return javac().withProcessors(new SpinneretProcessor())
                .withOptions(options)
                .compile(sources);
    }

    /** A test input, for {@code inFile(..)}. */
    static JavaFileObject source(String resource) {
        return JavaFileObjects.forResource(resource);
    }

    /** The text of a generated source file, by qualified class name. */
    static String generatedSource(Compilation compilation, String qualifiedName) {
        JavaFileObject file = compilation
                .generatedSourceFile(qualifiedName)
                .orElseThrow(() -> new AssertionError("not generated: " + qualifiedName + "; generated: "
                        + compilation.generatedSourceFiles().stream()
                                .map(JavaFileObject::getName)
                                .toList()));
        try {
            return file.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
