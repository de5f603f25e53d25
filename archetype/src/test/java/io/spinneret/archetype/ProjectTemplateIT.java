package io.spinneret.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The template as a new user meets it: {@code mvn archetype:generate} from the local catalogue,
 * {@code genspider} adding a second spider, {@code mvn verify} of the project (the processor runs,
 * its test passes), and its spider crawling the books replica with {@code runtime.jar}.
 *
 * <p>Nothing is installed into {@code ~/.m2}: this build's jars are put into a private local
 * repository under {@code target/it-repo} (with the catalogue {@code install} would write), and
 * every other artifact comes from {@code ~/.m2/repository} used as a read-only {@code file:}
 * mirror, so no network is used either.
 */
class ProjectTemplateIT {
    static final String VERSION = System.getProperty("spinneret.version");
    static final Path CHECKOUT =
            Path.of(System.getProperty("spinneret.checkout")).toAbsolutePath();
    static final Path TARGET = CHECKOUT.resolve("archetype/target");
    static final Path REPO = TARGET.resolve("it-repo");
    static final Path WORK = TARGET.resolve("it-work");
    static final Path SETTINGS = TARGET.resolve("it-settings.xml");

    @BeforeAll
    static void privateRepository() throws IOException {
        deleteTree(REPO.resolve("io/spinneret"));
        deleteTree(WORK);
        // a project of its own, as a user's would be: Maven looks no further up for .mvn/
        Files.createDirectories(WORK.resolve(".mvn"));
        put("spinneret-parent", null, CHECKOUT.resolve("pom.xml"));
        put(
                "spinneret-annotations",
                CHECKOUT.resolve("annotations/target/spinneret-annotations-" + VERSION + ".jar"),
                CHECKOUT.resolve("annotations/pom.xml"));
        put("spinneret-runtime", CHECKOUT.resolve("runtime/target/runtime.jar"), CHECKOUT.resolve("runtime/pom.xml"));
        put(
                "spinneret-processor",
                CHECKOUT.resolve("processor/target/spinneret-processor-" + VERSION + ".jar"),
                CHECKOUT.resolve("processor/pom.xml"));
        put(
                "spinneret-test",
                CHECKOUT.resolve("test-kit/target/spinneret-test-" + VERSION + ".jar"),
                CHECKOUT.resolve("test-kit/pom.xml"));
        put(
                "spinneret-archetype",
                Path.of(System.getProperty("spinneret.archetype.jar")),
                CHECKOUT.resolve("archetype/pom.xml"));
        Files.writeString(REPO.resolve("archetype-catalog.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <archetype-catalog><archetypes><archetype>
                  <groupId>io.spinneret</groupId><artifactId>spinneret-archetype</artifactId><version>%s</version>
                  <description>Spinneret project template</description>
                </archetype></archetypes></archetype-catalog>
                """.formatted(VERSION));
        Path m2 = Path.of(System.getProperty("user.home"), ".m2", "repository");
        Files.writeString(SETTINGS, """
                <settings><mirrors><mirror><id>local-m2</id><mirrorOf>*</mirrorOf><url>%s</url></mirror></mirrors></settings>
                """.formatted(m2.toUri()));
    }

    private static void put(String artifact, Path jar, Path pom) throws IOException {
        Path dir = REPO.resolve("io/spinneret").resolve(artifact).resolve(VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifact + "-" + VERSION + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            assertTrue(Files.isRegularFile(jar), jar + " is built before this test (package phase)");
            Files.copy(jar, dir.resolve(artifact + "-" + VERSION + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void theGeneratedProjectBuildsItsTestPassesAndItsSpiderCrawls() throws Exception {
        Run generate = maven(
                WORK,
                "org.apache.maven.plugins:maven-archetype-plugin:" + System.getProperty("archetype.version")
                        + ":generate",
                "-DinteractiveMode=false",
                "-DarchetypeCatalog=local",
                "-DarchetypeGroupId=io.spinneret",
                "-DarchetypeArtifactId=spinneret-archetype",
                "-DarchetypeVersion=" + VERSION,
                "-DgroupId=org.example",
                "-DartifactId=myspiders",
                "-Dversion=1.0",
                "-Dpackage=org.example.spiders",
                "-DspiderName=shop");
        assertEquals(0, generate.code(), generate.output());
        Path project = WORK.resolve("myspiders");
        Path spider = project.resolve("src/main/java/org/example/spiders/CatalogueSpider.java");
        assertTrue(Files.readString(spider).contains("@Spider(name = \"shop\""), Files.readString(spider));
        assertTrue(Files.readString(project.resolve("settings.toml")).contains("[spider.shop]"));

        // genspider adds a second spider that compiles with the first
        Run genspider = run(
                project,
                List.of(
                        java(),
                        "-jar",
                        CHECKOUT.resolve("runtime/target/runtime.jar").toString(),
                        "genspider",
                        "news",
                        "https://news.example.org/"));
        assertEquals(0, genspider.code(), genspider.output());
        assertTrue(
                Files.isRegularFile(project.resolve("src/main/java/org/example/spiders/NewsSpider.java")),
                genspider.output());

        Run verify = maven(project, "verify");
        assertEquals(0, verify.code(), verify.output());
        assertTrue(verify.output().contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0"), verify.output());
        assertTrue(Files.isRegularFile(project.resolve("target/myspiders-1.0.jar")));

        Run list = run(
                project,
                List.of(
                        java(),
                        "-jar",
                        CHECKOUT.resolve("runtime/target/runtime.jar").toString(),
                        "list"));
        assertTrue(
                list.output().contains("news  org.example.spiders.NewsSpider")
                        && list.output().contains("shop  org.example.spiders.CatalogueSpider"),
                list.output());

        try (ReplicaServer site = ReplicaServer.start(BooksSite.standard(), 0)) {
            // as the project's README says: run in the project, whose settings.toml names target/ as the spiders'
            // folder
            Run crawl = run(
                    project,
                    List.of(
                            java(),
                            "-jar",
                            CHECKOUT.resolve("runtime/target/runtime.jar").toString(),
                            "run",
                            "shop",
                            "-s",
                            "start_urls=" + site.url(),
                            "-s",
                            "allowed_domains=127.0.0.1",
                            "-s",
                            "download_delay=0",
                            "-n",
                            "25",
                            "-o",
                            "products.jsonl"));
            assertEquals(0, crawl.code(), crawl.output());
            List<String> products = Files.readAllLines(project.resolve("products.jsonl"));
            assertEquals(25, products.size(), crawl.output());
            assertTrue(
                    products.stream()
                            .allMatch(l -> l.startsWith("{\"url\":\"" + site.url() + "catalogue/")
                                    && l.contains("\"price\":")),
                    products.get(0));
        }
    }

    @Test
    void anOldJdkGetsTheHintToPickJdk21() throws Exception {
        Path jdk17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        Assumptions.assumeTrue(
                Files.isExecutable(jdk17.resolve("bin/java")),
                "no JDK 17 on this machine to try the template's hint with");
        Run generate = maven(
                WORK,
                "org.apache.maven.plugins:maven-archetype-plugin:" + System.getProperty("archetype.version")
                        + ":generate",
                "-DinteractiveMode=false",
                "-DarchetypeCatalog=local",
                "-DarchetypeGroupId=io.spinneret",
                "-DarchetypeArtifactId=spinneret-archetype",
                "-DarchetypeVersion=" + VERSION,
                "-DgroupId=org.example",
                "-DartifactId=old-jdk",
                "-Dversion=1.0",
                "-Dpackage=org.example.old");
        assertEquals(0, generate.code(), generate.output());
        Run build = run(WORK.resolve("old-jdk"), mavenCommand("validate"), jdk17);
        assertTrue(build.code() != 0, build.output());
        assertTrue(
                build.output().contains("Spinneret needs JDK 21 or newer")
                        && build.output().contains("JAVA_HOME"),
                build.output());
    }

    record Run(int code, String output) {}

    private static Run maven(Path dir, String... args) throws Exception {
        return run(dir, mavenCommand(args), Path.of(System.getProperty("java.home")));
    }

    private static List<String> mavenCommand(String... args) {
        // the Maven running this build (the wrapper's), as a user's mvn
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("maven.home"), "bin", "mvn").toString(),
                "-B",
                "-ntp",
                "-s",
                SETTINGS.toString(),
                "-Dmaven.repo.local=" + REPO));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Run run(Path dir, List<String> cmd) throws Exception {
        return run(dir, cmd, Path.of(System.getProperty("java.home")));
    }

    private static Run run(Path dir, List<String> cmd, Path javaHome) throws Exception {
        Path log = Files.createTempFile(TARGET, "it-", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().put("PATH", javaHome.resolve("bin") + File.pathSeparator + System.getenv("PATH"));
        pb.environment().remove("MAVEN_OPTS");
        Process p = pb.start();
        boolean done = p.waitFor(10, TimeUnit.MINUTES);
        if (!done) p.destroyForcibly().waitFor();
        return new Run(done ? p.exitValue() : -1, Files.readString(log, StandardCharsets.UTF_8));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
