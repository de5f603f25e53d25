package io.spinneret.processor;

import com.google.testing.compile.Compilation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * Loads the classes and resources of in-memory compilations (test-only; reflection is fine here).
 * Several compilations can be combined, like several jars on one class path.
 */
final class GeneratedClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes = new HashMap<>();
    private final Map<String, List<byte[]>> resources = new HashMap<>();

    GeneratedClassLoader(Compilation... compilations) {
        super(GeneratedClassLoader.class.getClassLoader());
        for (Compilation c : compilations) {
            for (JavaFileObject f : c.generatedFiles()) {
                String path = pathOf(f);
                byte[] bytes = read(f);
                if (f.getKind() == JavaFileObject.Kind.CLASS) {
                    classes.put(
                            path.substring(0, path.length() - ".class".length()).replace('/', '.'), bytes);
                } else if (f.getKind() == JavaFileObject.Kind.OTHER) {
                    resources.computeIfAbsent(path, k -> new ArrayList<>()).add(bytes);
                }
            }
        }
    }

    /** The path under the output location, e.g. {@code com/example/Foo.class}. */
    private static String pathOf(JavaFileObject f) {
        String name = f.toUri().getPath();
        for (String root : new String[] {"/CLASS_OUTPUT/", "/SOURCE_OUTPUT/"}) {
            int i = name.indexOf(root);
            if (i >= 0) return name.substring(i + root.length());
        }
        return name.startsWith("/") ? name.substring(1) : name;
    }

    private static byte[] read(JavaFileObject f) {
        try (InputStream in = f.openInputStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) throw new ClassNotFoundException(name);
        return defineClass(name, bytes, 0, bytes.length);
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        List<URL> urls = new ArrayList<>();
        List<byte[]> all = resources.getOrDefault(name, List.of());
        for (int i = 0; i < all.size(); i++) urls.add(url(name, i, all.get(i)));
        return Collections.enumeration(urls);
    }

    @Override
    protected URL findResource(String name) {
        List<byte[]> all = resources.get(name);
        return all == null ? null : url(name, 0, all.get(0));
    }

    private static URL url(String name, int index, byte[] bytes) {
        try {
            return URL.of(URI.create("mem:/" + index + "/" + name), new URLStreamHandler() {
                @Override
                protected URLConnection openConnection(URL u) {
                    return new URLConnection(u) {
                        @Override
                        public void connect() {}

                        @Override
                        public InputStream getInputStream() {
                            return new ByteArrayInputStream(bytes);
                        }
                    };
                }
            });
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    Class<?> load(String name) {
        try {
            return loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("class not generated: " + name, e);
        }
    }
}
