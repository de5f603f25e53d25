package io.spinneret.cli;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.url.AbsoluteUrl;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code spinneret genspider NAME URL}: writes a new spider class into an existing project
 * ({@code src/main/java} of the current directory or {@code --project}), in the package of the
 * spiders already there unless {@code --package} names one. The class crawls URL's domain with a
 * {@code parse} callback to fill in; it compiles as written.
 */
@Command(
        name = "genspider",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "Add a spider class to a project (its src/main/java), ready to fill in.",
        footer = {
            "",
            "Exit codes: 0 written, 2 a bad name or URL, no src/main/java,",
            "a spider of that name or the class exists already."
        })
final class GenspiderCommand implements Callable<Integer> {
    /** The names the processor accepts ({@code [BadSpiderName]}). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*");

    private static final Pattern SPIDER_ANNOTATION = Pattern.compile("@Spider\\b");
    private static final Pattern PACKAGE_LINE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "the spider's name, as 'run NAME' will take it")
    String name = "";

    @Parameters(index = "1", paramLabel = "URL", description = "its start URL; its host becomes allowed_domains")
    String url = "";

    @Option(
            names = "--project",
            paramLabel = "DIR",
            defaultValue = ".",
            description = "the project's directory (default: the current one)")
    Path project = Path.of(".");

    @Option(
            names = "--spiders",
            paramLabel = "DIR",
            description = "the spiders directory whose spiders' names are taken too (default: ./spiders)")
    @Nullable
    Path spidersDir;

    @Option(
            names = "--package",
            paramLabel = "PKG",
            description = "the class's package (default: that of a @Spider class already in the project)")
    @Nullable
    String packageName;

    @Override
    public Integer call() throws IOException {
        if (!NAME.matcher(name).matches()) {
            throw new UsageException("spider name '" + name
                    + "' is not a valid name: use letters, digits, '_', '-' or '.', starting with a letter");
        }
        String host = host(url);
        Path sources = project.resolve("src/main/java");
        if (!Files.isDirectory(sources)) {
            throw new UsageException(
                    sources
                            + " does not exist: run genspider in a project made from the template (see docs/develop.md), or give --project DIR");
        }
        refuseTakenName(sources);
        String pkg = packageName != null
                ? packageName
                : existingSpiderPackage(sources)
                        .orElseThrow(() -> new UsageException(
                                "no @Spider class in " + sources + " to take the package from; give --package PKG"));
        String className = className(name);
        Path file = sources.resolve(pkg.replace('.', '/')).resolve(className + ".java");
        if (Files.exists(file)) throw new UsageException(file + " exists already; pick another name");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source(pkg, className, name, url, host));
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + file + " (spider '" + name + "'); fill in parse(), then try it with: spinneret parse "
                + url + " --spider " + name);
        out.flush();
        return 0;
    }

    /**
     * A name already in use would make {@code run NAME} ambiguous: it must not name a spider of the
     * project's sources, of the class path or of the spiders directory.
     */
    private void refuseTakenName(Path sources) throws IOException {
        Pattern declaration = Pattern.compile("@Spider\\s*\\([^)]*?\\bname\\s*=\\s*\"" + Pattern.quote(name) + "\"");
        Optional<Path> declared = firstSource(sources, declaration);
        if (declared.isPresent()) {
            throw new UsageException(
                    "a spider named '" + name + "' exists already in " + declared.get() + "; pick another name");
        }
        Path dir = spidersDir != null ? spidersDir : Path.of(Setting.SPIDERS_DIR.defaultValue());
        Optional<SpiderDefinition> known = SpiderCatalog.discover(dir).find(name);
        if (known.isPresent()) {
            throw new UsageException("a spider named '" + name + "' exists already ("
                    + known.get().className() + ", on the class path or in " + dir + "); pick another name");
        }
    }

    static String host(String url) {
        try {
            return AbsoluteUrl.parse(url).host();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** {@code quotes_js} to {@code QuotesJsSpider}. */
    static String className(String spiderName) {
        StringBuilder b = new StringBuilder();
        for (String part : spiderName.split("[^A-Za-z0-9]+")) {
            if (part.isEmpty()) continue;
            b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        if (b.isEmpty() || !Character.isJavaIdentifierStart(b.charAt(0))) b.insert(0, 'S');
        return b + "Spider";
    }

    /** The package of the first source file (by path) that declares a {@code @Spider}. */
    static Optional<String> existingSpiderPackage(Path sources) throws IOException {
        Optional<Path> spider = firstSource(sources, SPIDER_ANNOTATION);
        if (spider.isEmpty()) return Optional.empty();
        Matcher m = PACKAGE_LINE.matcher(Files.readString(spider.get()));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The first source file (by path) under {@code sources} whose text {@code pattern} finds. */
    private static Optional<Path> firstSource(Path sources, Pattern pattern) throws IOException {
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                if (pattern.matcher(Files.readString(f)).find()) return Optional.of(f);
            }
        } catch (UncheckedIOException e) {
            throw new SpinneretException("cannot read " + sources + ": " + e.getMessage(), e);
        }
        return Optional.empty();
    }

    static String source(String pkg, String className, String spiderName, String url, String host) {
        String domain = host.startsWith("www.") ? host.substring(4) : host;
        return """
                package %s;

                import io.spinneret.annotations.Parse;
                import io.spinneret.annotations.Spider;
                import io.spinneret.api.Crawl;
                import io.spinneret.api.Response;
                import org.jsoup.nodes.Element;

                /** Crawls %s. Try selectors with 'spinneret shell %s', callbacks with 'spinneret parse %s --spider %s'. */
                @Spider(name = "%s", startUrls = "%s", settings = {"allowed_domains=%s"})
                public class %s {
                    /** A page of the site: emit items (return an @Item record, or crawl.emit(item)) and follow links. */
                    @Parse
                    void parse(Response page, Crawl crawl) {
                        for (Element a : page.css("a[href]")) {
                            crawl.follow(a.attr("href"));
                        }
                    }
                }
                """.formatted(
                        pkg,
                        host,
                        url,
                        url,
                        spiderName,
                        spiderName,
                        url.replace("\\", "\\\\").replace("\"", "\\\""),
                        domain.toLowerCase(Locale.ROOT),
                        className);
    }
}
