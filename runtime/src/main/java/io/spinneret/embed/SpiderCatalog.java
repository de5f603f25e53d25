package io.spinneret.embed;

import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.settings.DidYouMean;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The spiders that can be run: every generated {@link SpiderRegistry} found through
 * {@link ServiceLoader} on the class path and in a spiders directory, whose {@code *.jar} files
 * and class folders (directories holding {@code META-INF/services/io.spinneret.internal.SpiderRegistry},
 * the directory itself included) are loaded by one {@link URLClassLoader}. This is how the output
 * of a user's own {@code mvn package}, dropped into {@code ./spiders}, runs with
 * {@code java -jar runtime.jar run <name>}. Immutable but for the spiders' definitions, each made
 * by its registry when it is first asked for: a crawl makes only the one it runs.
 *
 * <p>Started as {@code java -jar runtime.jar} (or {@code bin/spinneret}), the class path is the
 * runtime's jar and the dependencies its manifest names, which hold no spiders: then only the
 * runtime's jar itself (a jar built with spiders inside) and the spiders directory are searched. Looking through the
 * dependencies would mean opening each of the eighty-odd jars its {@code Class-Path} names, which a
 * {@link URLClassLoader} given the runtime's jar does: so the jar is read directly instead.
 */
public final class SpiderCatalog {
    private static final Logger LOG = LoggerFactory.getLogger(SpiderCatalog.class);
    private static final String SERVICE = "META-INF/services/" + SpiderRegistry.class.getName();

    /** Spider name, sorted, to the registry that makes it: no definition is made until asked for. */
    private final Map<String, Listed> spiders;
    /** The definitions made so far, one per name. */
    private final ConcurrentMap<String, SpiderDefinition> made = new ConcurrentHashMap<>();

    private final List<ItemSchema<?>> items;
    private final List<Path> sources;

    /** A spider as a registry lists it, by name and class, before its definition is made. */
    private record Listed(SpiderRegistry registry, String className) {}

    private SpiderCatalog(Map<String, Listed> spiders, List<ItemSchema<?>> items, List<Path> sources) {
        this.spiders = spiders;
        this.items = items;
        this.sources = sources;
    }

    /**
     * Finds every registry on the class path of {@code parent} and under {@code spidersDir}.
     *
     * @param spidersDir a directory of jars and class folders; ignored if null or absent
     * @throws SpinneretException if two registries declare the same spider name with different
     *     classes, or a registry cannot be loaded
     */
    public static SpiderCatalog discover(ClassLoader parent, @Nullable Path spidersDir) {
        return discover(parent, spidersDir, runtimeJarAlone(parent));
    }

    /**
     * @param runtimeJar the runtime's jar when it is the whole class path of {@code parent}: then
     *     only it, and not what else {@code parent} sees, is searched besides {@code spidersDir}
     */
    static SpiderCatalog discover(ClassLoader parent, @Nullable Path spidersDir, @Nullable Path runtimeJar) {
        List<Path> sources = spidersDir == null ? List.of() : sources(spidersDir);
        ClassLoader loader = runtimeJar == null ? parent : new OwnRegistriesOnly(parent, runtimeJar);
        if (!sources.isEmpty()) {
            URL[] urls = new URL[sources.size()];
            for (int i = 0; i < urls.length; i++) {
                try {
                    urls[i] = sources.get(i).toUri().toURL();
                } catch (MalformedURLException e) {
                    throw new SpinneretException("cannot load spiders from " + sources.get(i) + ": " + e.getMessage());
                }
            }
            loader = new URLClassLoader("spiders", urls, loader);
        }
        List<SpiderRegistry> registries = new ArrayList<>();
        try {
            for (SpiderRegistry r : ServiceLoader.load(SpiderRegistry.class, loader)) registries.add(r);
        } catch (ServiceConfigurationError e) {
            throw new SpinneretException(
                    "cannot load a spider registry: " + e.getMessage()
                            + " (was it compiled against another Spinneret version?)",
                    e);
        }
        return of(registries, sources);
    }

    /** Discovers with the context class loader and the default {@code ./spiders} directory. */
    public static SpiderCatalog discover(@Nullable Path spidersDir) {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return discover(cl != null ? cl : SpiderCatalog.class.getClassLoader(), spidersDir);
    }

    /** A catalog of the given registries (for tests and embedding). */
    public static SpiderCatalog of(List<? extends SpiderRegistry> registries) {
        return of(registries, List.of());
    }

    private static SpiderCatalog of(List<? extends SpiderRegistry> registries, List<Path> sources) {
        Map<String, Listed> byName = new TreeMap<>();
        List<ItemSchema<?>> items = new ArrayList<>();
        for (SpiderRegistry r : registries) {
            for (Map.Entry<String, String> s : r.spiderClasses().entrySet()) {
                Listed other = byName.putIfAbsent(s.getKey(), new Listed(r, s.getValue()));
                if (other != null && !other.className().equals(s.getValue())) {
                    throw new SpinneretException("two spiders are named '" + s.getKey() + "': " + other.className()
                            + " and " + s.getValue() + "; rename one (spider names must be unique across jars)");
                }
            }
            items.addAll(r.items());
        }
        return new SpiderCatalog(byName, List.copyOf(items), List.copyOf(sources));
    }

    /**
     * The runtime's jar if it is the whole class path of {@code parent}, with the dependencies its
     * manifest names in {@code Class-Path} (which hold no spiders), else null. So it is for
     * {@code java -jar runtime.jar} and for {@code bin/spinneret}.
     */
    static @Nullable Path runtimeJarAlone(ClassLoader parent) {
        return jarAloneOnClassPath(parent);
    }

    /** The code source of this class if it is the whole class path of {@code parent} (a jar with its own {@code Class-Path}), else null. */
    private static @Nullable Path jarAloneOnClassPath(ClassLoader parent) {
        String classPath = System.getProperty("java.class.path", "");
        if (parent != ClassLoader.getSystemClassLoader()
                || classPath.isEmpty()
                || classPath.contains(File.pathSeparator)) return null;
        try {
            CodeSource source = SpiderCatalog.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path own = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(own) && Files.isSameFile(own, Path.of(classPath)) ? own : null;
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return null; // search everything, as for any other class path
        }
    }

    /**
     * Its parent in every way but one: the only registry service file it shows is the runtime
     * jar's own, if it has one (see the class comment). The jar is not handed to a
     * {@link URLClassLoader}, which would follow its manifest's {@code Class-Path} and open every
     * dependency to look for the file.
     */
    private static final class OwnRegistriesOnly extends ClassLoader {
        private final Path runtimeJar;

        OwnRegistriesOnly(ClassLoader parent, Path runtimeJar) {
            super("spinneret-runtime", parent);
            this.runtimeJar = runtimeJar;
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            if (!name.equals(SERVICE)) return super.getResources(name);
            // the class path's loader has the jar open already: this shares its central directory
            try (ZipFile jar = new ZipFile(runtimeJar.toFile())) {
                if (jar.getEntry(SERVICE) == null) return Collections.emptyEnumeration();
            }
            return Collections.enumeration(List.of(
                    URI.create("jar:" + runtimeJar.toUri() + "!/" + SERVICE).toURL()));
        }
    }

    private static List<Path> sources(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        List<Path> out = new ArrayList<>();
        if (Files.isRegularFile(dir.resolve(SERVICE))) out.add(dir);
        try (Stream<Path> s = Files.list(dir)) {
            s.sorted(Comparator.comparing(Path::toString)).forEach(p -> {
                if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar")) {
                    if (readableJar(p)) out.add(p);
                } else if (Files.isDirectory(p) && Files.isRegularFile(p.resolve(SERVICE))) {
                    out.add(p);
                }
            });
        } catch (IOException e) {
            throw new SpinneretException("cannot list spiders directory " + dir + ": " + e.getMessage());
        }
        return out;
    }

    /**
     * Whether {@code jar} opens as a zip; if not (half copied, not a jar at all) a warning says so
     * and it is left out, where the class loader would skip it without a word.
     */
    private static boolean readableJar(Path jar) {
        try (ZipFile ignored = new ZipFile(jar.toFile())) {
            return true;
        } catch (IOException e) {
            LOG.warn("skipping {} in the spiders directory: not a readable jar ({})", jar, e.getMessage());
            return false;
        }
    }

    /** Spiders sorted by name; makes every definition not made yet. */
    public List<SpiderDefinition> spiders() {
        return spiders.keySet().stream().map(this::definition).toList();
    }

    /** The names of the spiders, sorted, without making any definition. */
    public List<String> names() {
        return List.copyOf(spiders.keySet());
    }

    /** The spider called {@code name}, its definition made now if it was not yet; empty if there is none. */
    public Optional<SpiderDefinition> find(String name) {
        return spiders.containsKey(name) ? Optional.of(definition(name)) : Optional.empty();
    }

    /**
     * The spider called {@code name}.
     *
     * @throws SpinneretException naming the available spiders if there is none
     */
    public SpiderDefinition spider(String name) {
        return find(name)
                .orElseThrow(() -> new SpinneretException(noSuchSpider(
                        name, "no spiders were found (put spider jars or class folders in the spiders directory)")));
    }

    /**
     * What to say of a name that names no spider here: the closest name if it looks like a typo of
     * one, and the names there are; {@code whenNone} when there are none at all.
     */
    public String noSuchSpider(String name, String whenNone) {
        if (spiders.isEmpty()) return "no spider named '" + name + "'; " + whenNone;
        String hint = DidYouMean.closest(name, spiders.keySet());
        return "no spider named '" + name + "'" + (hint != null ? " (did you mean '" + hint + "'?)" : "")
                + "; available: " + String.join(", ", spiders.keySet());
    }

    /** The definition of a listed spider, made by its registry on first use. */
    private SpiderDefinition definition(String name) {
        return made.computeIfAbsent(name, n -> {
            SpiderRegistry registry = Objects.requireNonNull(spiders.get(n), n).registry();
            SpiderDefinition d = registry.spider(n);
            if (d == null) {
                throw new SpinneretException(
                        "spider registry " + registry.getClass().getName() + " lists spider '" + n
                                + "' but does not make it (was it compiled against another Spinneret version?)");
            }
            return d;
        });
    }

    /** Item schemas of all registries. */
    public List<ItemSchema<?>> items() {
        return items;
    }

    /** The jars and class folders loaded from the spiders directory. */
    public List<Path> sources() {
        return sources;
    }
}
