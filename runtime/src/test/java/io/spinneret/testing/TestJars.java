package io.spinneret.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Jars for tests of what reads manifests. */
public final class TestJars {
    private TestJars() {}

    /** An empty jar at {@code path} (directories created) whose manifest has these main attributes. */
    public static Path withManifest(Path path, Map<String, String> attributes) throws IOException {
        Files.createDirectories(path.toAbsolutePath().getParent());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.forEach((k, v) -> m.getMainAttributes().putValue(k, v));
        try (OutputStream out = Files.newOutputStream(path); JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.flush();
        }
        return path;
    }
}
