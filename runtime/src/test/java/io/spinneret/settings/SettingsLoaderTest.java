package io.spinneret.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.SettingsLoader.CommandLineValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLoaderTest {
    @TempDir
    Path dir;

    private Path toml(String text) throws Exception {
        Path p = dir.resolve("settings.toml");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void layersApplyInOrderAndRememberTheirOrigin() throws Exception {
        Path file = toml("""
                [default]
                concurrency = 16
                download_delay = 2.0
                max_redirects = 4
                retry_times = 1

                [spider.books]
                download_delay = 0.5
                max_redirects = 6
                """);
        Settings s = SettingsLoader.load(file)
                .resolve(
                        "books",
                        "x.Books",
                        List.of("download_delay=0.1", "retry_times=2", "concurrency=8"),
                        List.of(new CommandLineValue("concurrency", "32", "-c")));
        assertEquals(32, s.getInt(Setting.CONCURRENCY));
        assertEquals("command line (-c)", s.value(Setting.CONCURRENCY).origin());
        assertEquals(0.5, s.getDouble(Setting.DOWNLOAD_DELAY), "[spider.x] beats @Spider(settings)");
        assertEquals(
                "[spider.books] of " + file, s.value(Setting.DOWNLOAD_DELAY).origin());
        assertEquals(2, s.getInt(Setting.RETRY_TIMES), "@Spider(settings) beats [default]");
        assertEquals(
                "@Spider(settings) of x.Books", s.value(Setting.RETRY_TIMES).origin());
        assertEquals(6, s.getInt(Setting.MAX_REDIRECTS));
        assertEquals("30", s.getString(Setting.DOWNLOAD_TIMEOUT));
        assertEquals("default", s.value(Setting.DOWNLOAD_TIMEOUT).origin());
    }

    @Test
    void otherSpidersSectionsDoNotApply() throws Exception {
        Settings s = SettingsLoader.load(toml("[spider.quotes]\nconcurrency = 2\n"))
                .resolve("books", "x", List.of(), List.of());
        assertEquals(16, s.getInt(Setting.CONCURRENCY));
    }

    @Test
    void tomlArraysBecomeLists() throws Exception {
        Settings s = SettingsLoader.load(toml("[default]\nstart_urls = [\"http://a/\", \"http://b/\"]\n"))
                .resolve("x", "x", List.of(), List.of());
        assertEquals(List.of("http://a/", "http://b/"), s.getList(Setting.START_URLS));
    }

    @Test
    void unknownKeyNamesKeyLayerAndFileWithAHint() throws Exception {
        Path file = toml("[spider.books]\nconcurency = 3\n");
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> SettingsLoader.load(file));
        assertEquals(
                "unknown setting 'concurency' (in [spider.books] of " + file + "); did you mean 'concurrency'?",
                e.getMessage());
    }

    @Test
    void badlyTypedValuesNameKeyLayerAndFile() throws Exception {
        Path file = toml("[default]\nconcurrency = \"many\"\n");
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class, () -> SettingsLoader.load(file).resolve("x", "x", List.of(), List.of()));
        assertEquals("concurrency expects an integer, got \"many\" (in [default] of " + file + ")", e.getMessage());

        Path f2 = toml("[default]\nrespect_robots = 1\n");
        e = assertThrows(
                InvalidSettingException.class, () -> SettingsLoader.load(f2).resolve("x", "x", List.of(), List.of()));
        assertTrue(e.getMessage().startsWith("respect_robots expects true or false"), e.getMessage());

        Path f3 = toml("[default]\nconcurrency = [1, 2]\n");
        e = assertThrows(InvalidSettingException.class, () -> SettingsLoader.load(f3));
        assertEquals("concurrency expects an integer, got a list (in [default] of " + f3 + ")", e.getMessage());
    }

    @Test
    void numbersOutsideTheRangeThatMeansSomethingAreRefused() {
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("concurrency=0", "concurrency expects an integer >= 1, got \"0\"");
        refused.put("concurrency=-1", "concurrency expects an integer >= 1, got \"-1\"");
        refused.put("max_items=-5", "max_items expects an integer >= 0, got \"-5\"");
        refused.put("retry_times=-1", "retry_times expects an integer >= 0, got \"-1\"");
        refused.put("concurrency_per_domain=-2", "concurrency_per_domain expects an integer >= 0, got \"-2\"");
        refused.put("batch_size=0", "batch_size expects an integer >= 1, got \"0\"");
        refused.put("pipeline_capacity=0", "pipeline_capacity expects an integer >= 1, got \"0\"");
        refused.put("max_body_size=0", "max_body_size expects an integer >= 1, got \"0\"");
        refused.put(
                "autothrottle_target_concurrency=0", "autothrottle_target_concurrency expects a number > 0, got \"0\"");
        refused.put("browser_timeout=0", "browser_timeout expects a number > 0, got \"0\"");
        refused.put(
                "download_timeout=0.000001",
                "download_timeout expects 0 (no limit) or at least 0.001 seconds, got \"0.000001\"");
        refused.put("start_urls=http://a/,mailto:x@y", "start_urls expects http(s) URLs, got \"mailto:x@y\"");
        refused.put(
                "start_urls=127.0.0.1:8092/",
                "start_urls expects http(s) URLs, got \"127.0.0.1:8092/\" (did you mean http://127.0.0.1:8092/?)");
        refused.put(
                "allowed_domains=example.com, https://example.org/",
                "allowed_domains expects domain names such as example.com, host:port, IP addresses or [IPv6] literals, got \"https://example.org/\"");
        SettingsLoader none = SettingsLoader.none();
        refused.forEach((kv, message) -> {
            InvalidSettingException e = assertThrows(
                    InvalidSettingException.class,
                    () -> none.resolve("x", "a.Spider", List.of(), List.of(CommandLineValue.parse(kv))),
                    kv);
            assertEquals(message + " (in command line (-s " + kv + "))", e.getMessage());
        });
        // the edges that do mean something
        Settings ok = none.resolve(
                "x",
                "a.Spider",
                List.of(),
                List.of(
                        CommandLineValue.parse("concurrency=1"),
                        CommandLineValue.parse("max_items=0"),
                        CommandLineValue.parse("retry_times=0"),
                        CommandLineValue.parse("download_timeout=0"),
                        CommandLineValue.parse("connect_timeout=0.001"),
                        CommandLineValue.parse("start_urls=HTTPS://Example.com, http://127.0.0.1:8080/a?b=c"),
                        CommandLineValue.parse("allowed_domains=example.com, shop.example.org, 10.0.0.1, [::1]")));
        assertEquals(
                List.of("example.com", "shop.example.org", "10.0.0.1", "[::1]"), ok.getList(Setting.ALLOWED_DOMAINS));
        assertEquals(1, ok.getInt(Setting.CONCURRENCY));
        assertEquals(List.of("HTTPS://Example.com", "http://127.0.0.1:8080/a?b=c"), ok.getList(Setting.START_URLS));
    }

    @Test
    void spiderAndCommandLineLayersAreCheckedToo() {
        SettingsLoader none = SettingsLoader.none();
        InvalidSettingException e = assertThrows(
                InvalidSettingException.class,
                () -> none.resolve("x", "a.Spider", List.of("download_delay=fast"), List.of()));
        assertEquals(
                "download_delay expects a number, got \"fast\" (in @Spider(settings) of a.Spider)", e.getMessage());
        e = assertThrows(
                InvalidSettingException.class,
                () -> none.resolve("x", "a.Spider", List.of(), List.of(CommandLineValue.parse("scheduler=disk"))));
        assertEquals(
                "scheduler expects one of memory, sqlite, redis, got \"disk\" (in command line (-s scheduler=disk))",
                e.getMessage());
        e = assertThrows(InvalidSettingException.class, () -> CommandLineValue.parse("novalue"));
        assertEquals("-s expects key=value, got 'novalue'", e.getMessage());
    }

    @Test
    void aSectionForNoSpiderIsWarnedAboutWithTheNearestName() throws Exception {
        Path file = toml(
                "[spider.bokos]\nconcurrency = 3\n[spider.quotes]\nconcurrency = 2\n[spider.elsewhere]\nconcurrency = 1\n");
        SettingsLoader loader = SettingsLoader.load(file);
        assertEquals(
                List.of(
                        file
                                + " has a section [spider.bokos], but no spider is named 'bokos' (did you mean [spider.books]?); its settings apply to no crawl",
                        file
                                + " has a section [spider.elsewhere], but no spider is named 'elsewhere'; its settings apply to no crawl"),
                loader.sectionsForNoSpider(List.of("books", "quotes")));
        assertEquals(List.of(), SettingsLoader.none().sectionsForNoSpider(List.of("books")));
    }

    @Test
    void unknownSectionsAndBrokenTomlAreErrors() throws Exception {
        Path file = toml("[defaults]\nconcurrency = 3\n");
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> SettingsLoader.load(file));
        assertTrue(e.getMessage().contains("'defaults'") && e.getMessage().contains("[default]"), e.getMessage());
        Path broken = toml("# settings\n[default\nconcurrency = 3\n");
        e = assertThrows(InvalidSettingException.class, () -> SettingsLoader.load(broken));
        assertTrue(e.getMessage().startsWith(broken + ", line 2, is not valid TOML: "), e.getMessage());
    }

    @Test
    void missingFileMeansNoFileLayer() {
        SettingsLoader l = SettingsLoader.loadIfPresent(dir.resolve("absent.toml"));
        assertEquals(null, l.file());
        assertEquals(16, l.resolve("x", "x", List.of(), List.of()).getInt(Setting.CONCURRENCY));
    }
}
