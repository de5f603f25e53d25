package io.spinneret.cli;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The {@code Main-Class} of {@code runtime.jar} and of the examples jar: checks that this JVM can
 * run Spinneret, then calls the real main class in this same JVM (no second process).
 *
 * <p>This one class is compiled for Java 8 (see the runtime's pom), so that {@code java -jar} on
 * an older JVM prints one clear line instead of an {@code UnsupportedClassVersionError}: the rest
 * of the jar is Java 21 bytecode. It uses nothing newer than Java 8 and names the real main class
 * only as a string. Two checks, each one line on stderr and exit code 1:
 * <ul>
 *   <li>the JVM is Java 21 or newer;</li>
 *   <li>every jar the manifest's {@code Class-Path} names (the {@code lib/} folder the build puts
 *       next to the jar) exists: the JVM skips a missing one silently, and the crawl would fail
 *       later with a {@code NoClassDefFoundError}.</li>
 * </ul>
 * The main class it calls is the manifest's {@value #MAIN_ATTRIBUTE}, else {@code io.spinneret.cli.Main}.
 */
public final class Entry {
    /** The oldest Java that runs Spinneret. */
    static final int REQUIRED_JAVA = 21;
    /** The manifest attribute naming the class whose {@code main} this one calls. */
    static final String MAIN_ATTRIBUTE = "Spinneret-Main-Class";

    private static final String DEFAULT_MAIN = "io.spinneret.cli.Main";

    private Entry() {}

    public static void main(String[] args) throws Throwable {
        int feature = feature(System.getProperty("java.specification.version", ""));
        if (feature < REQUIRED_JAVA) {
            System.err.println("error: Spinneret needs Java " + REQUIRED_JAVA + " or newer, but this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ");"
                    + " set JAVA_HOME to a JDK " + REQUIRED_JAVA + "+ or put its bin/java first on PATH");
            System.exit(1);
        }
        String main = DEFAULT_MAIN;
        File jar = launchedJar();
        if (jar != null) {
            Attributes manifest = manifest(jar);
            if (manifest != null) {
                String missing = missingLibrary(jar, manifest.getValue(Attributes.Name.CLASS_PATH));
                if (missing != null) {
                    System.err.println(
                            "error: " + missing + " is missing: " + jar.getName() + " needs the jars its build put in "
                                    + new File(jar.getAbsoluteFile().getParentFile(), "lib")
                                    + " (rebuild with ./mvnw package)");
                    System.exit(1);
                }
                String named = manifest.getValue(MAIN_ATTRIBUTE);
                if (named != null && !named.trim().isEmpty()) main = named.trim();
            }
        }
        MethodHandle target = MethodHandles.publicLookup()
                .findStatic(Class.forName(main), "main", MethodType.methodType(void.class, String[].class));
        target.invokeExact(args);
    }

    /** {@code "21"} gives 21, {@code "1.8"} gives 8; 0 for anything unreadable. */
    static int feature(String specificationVersion) {
        String v = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
        try {
            return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The first jar of {@code classPath} (a manifest's {@code Class-Path}, relative to {@code jar}) that is not a file, or null. */
    static String missingLibrary(File jar, String classPath) {
        if (classPath == null) return null;
        URI base = jar.getAbsoluteFile().getParentFile().toURI();
        for (String entry : classPath.trim().split("\\s+")) {
            if (entry.isEmpty()) continue;
            File f;
            try {
                f = new File(base.resolve(entry));
            } catch (IllegalArgumentException e) {
                continue; // not a relative file URL: the JVM ignores it too
            }
            if (!f.isFile()) return f.getPath();
        }
        return null;
    }

    /** The jar {@code java -jar} started (the whole class path, one jar), else null: nothing to check. */
    private static File launchedJar() {
        String classPath = System.getProperty("java.class.path", "");
        if (classPath.isEmpty() || classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")) return null;
        File f = new File(classPath);
        return f.isFile() ? f : null;
    }

    private static Attributes manifest(File jar) {
        try (JarFile file = new JarFile(jar, false)) {
            Manifest m = file.getManifest();
            return m == null ? null : m.getMainAttributes();
        } catch (IOException e) {
            return null;
        }
    }
}
