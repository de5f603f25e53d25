package io.spinneret.engine;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.jspecify.annotations.Nullable;

/**
 * The runtime's own jar and the dependency jars its manifest names in {@value #ATTRIBUTE} (relative
 * to the jar, as {@code Class-Path} would; separated by {@code :}). They are not in {@code Class-Path}
 * because the JVM that {@code java -jar runtime.jar} starts mostly just launches the crawl's JVM,
 * and with them on its class path starting that process opens every one of them (see the
 * runtime's pom). Uses the JDK only, so that the launcher can read it before the dependencies
 * are loadable. Immutable.
 *
 * @param jar the runtime's jar, absolute
 * @param dependencies the jars it needs, absolute, in class-path order
 */
public record RuntimeJar(Path jar, List<Path> dependencies) {
    /** The manifest attribute that lists the dependencies. */
    public static final String ATTRIBUTE = "Spinneret-Class-Path";
    /** The name of the class loader that loads {@link #classPath()} for the commands run in the launcher's JVM. */
    public static final String LOADER_NAME = "spinneret-runtime";

    public RuntimeJar {
        dependencies = List.copyOf(dependencies);
    }

    /** The runtime's jar as the code source of this class, when it is a jar whose manifest names its dependencies. */
    public static Optional<RuntimeJar> current() {
        try {
            CodeSource source = RuntimeJar.class.getProtectionDomain().getCodeSource();
            if (source == null) return Optional.empty();
            Path own = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(own) ? of(own) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code jar} with the dependencies its manifest names; empty if it names none or cannot be read. */
    public static Optional<RuntimeJar> of(Path jar) {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            Manifest manifest = file.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue(ATTRIBUTE);
            if (value == null || value.isBlank()) return Optional.empty();
            Path absolute = jar.toAbsolutePath();
            List<Path> dependencies = new ArrayList<>();
            for (String entry : value.trim().split(":")) {
                if (!entry.isBlank()) dependencies.add(absolute.getParent().resolve(entry.trim()).normalize());
            }
            return Optional.of(new RuntimeJar(absolute, dependencies));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The first dependency that is not a file, or null when all are there. */
    public @Nullable Path missing() {
        for (Path p : dependencies) if (!Files.isRegularFile(p)) return p;
        return null;
    }

    /** The jar, then its dependencies. */
    public List<Path> classPath() {
        List<Path> all = new ArrayList<>(dependencies.size() + 1);
        all.add(jar);
        all.addAll(dependencies);
        return all;
    }

    /** {@link #classPath()} joined for {@code -cp}. */
    public String classPathString() {
        return join(classPath());
    }

    /** Paths joined for {@code -cp}. */
    public static String join(List<Path> paths) {
        StringBuilder b = new StringBuilder();
        for (Path p : paths) {
            if (!b.isEmpty()) b.append(File.pathSeparatorChar);
            b.append(p);
        }
        return b.toString();
    }
}
