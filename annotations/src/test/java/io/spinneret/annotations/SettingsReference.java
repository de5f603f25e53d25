package io.spinneret.annotations;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders {@code docs/settings.md}, the settings reference, from the {@link Setting} catalogue:
 * every key with its type, default, allowed values and description, in declaration order, under
 * the section comments of {@code Setting.java} ({@code // ---- engine}, ...).
 *
 * <p>{@code SettingsReferenceTest} fails when the file differs from what this renders. To rewrite
 * it: {@code ./mvnw -q -B test -pl annotations -Dspinneret.docs.write=true}, or run this class with
 * the paths of {@code docs/settings.md} and {@code Setting.java} as arguments.
 */
public final class SettingsReference {
    static final String REGENERATE = "./mvnw -q -B test -pl annotations -Dspinneret.docs.write=true";

    private static final Pattern SECTION = Pattern.compile("^\\s*// ---- (.+?)\\s*$");
    private static final Pattern CONSTANT = Pattern.compile(
            "^\\s*([A-Z][A-Z0-9_]*)\\((\"|$)"); // the key on the same line, or on the next (a wrapped constant)

    private SettingsReference() {}

    public static void main(String[] args) throws IOException {
        Path target = Path.of(args.length > 0 ? args[0] : "docs/settings.md");
        Path source =
                Path.of(args.length > 1 ? args[1] : "annotations/src/main/java/io/spinneret/annotations/Setting.java");
        Files.writeString(target, render(Files.readAllLines(source, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        System.out.println("wrote " + target);
    }

    /** The section each constant is declared under, from the {@code // ---- name} comments of {@code Setting.java}. */
    static Map<String, String> sections(List<String> settingSource) {
        Map<String, String> sectionOf = new HashMap<>();
        String section = "other";
        for (String line : settingSource) {
            Matcher s = SECTION.matcher(line);
            if (s.matches()) {
                section = s.group(1);
                continue;
            }
            Matcher c = CONSTANT.matcher(line);
            if (c.find()) sectionOf.put(c.group(1), section);
        }
        return sectionOf;
    }

    /** The whole of {@code docs/settings.md}. */
    static String render(List<String> settingSource) {
        Map<String, String> sectionOf = sections(settingSource);
        StringBuilder md = new StringBuilder();
        md.append("# Settings reference\n\n");
        md.append("<!-- Generated from annotations/src/main/java/io/spinneret/annotations/Setting.java by\n");
        md.append("     SettingsReference (annotations/src/test/java); do not edit by hand. To regenerate:\n");
        md.append("     ").append(REGENERATE).append(" -->\n\n");
        md.append("""
                Every setting Spinneret knows is declared once, in the `Setting` catalogue
                ([Setting.java](../annotations/src/main/java/io/spinneret/annotations/Setting.java)),
                and this page is generated from it. The annotation processor checks
                `@Spider(settings = ...)` against the same catalogue at compile time; the runtime
                checks `settings.toml` and the command line when a crawl starts. An unknown key or a
                value of the wrong type is an error that names the key and where it was set.

                Where a value comes from, lowest to highest (a higher layer wins):

                1. the defaults below;
                2. `[default]` in `settings.toml`;
                3. the spider's own `@Spider(settings = {"key=value", ...})`;
                4. `[spider.<name>]` in `settings.toml`;
                5. the command line (`-s key=value`, and the options that set a key, such as `-c` or `-o`).

                The spider's settings are the defaults its author wrote into the code; the
                `[spider.<name>]` section belongs to whoever operates the crawl, who should not need a
                code change. For example:

                ```toml
                [default]
                concurrency = 16
                download_delay = 1.0
                respect_robots = true

                [spider.books]
                concurrency = 8
                download_delay = 0.1
                user_agents = ["MyBot/1.0 (+https://example.com/bot)"]
                ```

                `--settings FILE` names another file. An unknown key, a badly typed value, a number
                outside the range where it means something (`concurrency = 0`) or a start URL that is
                not http(s) is an error naming the key, the layer and the file (exit 2). A
                `[spider.<name>]` section that names no spider found is a warning, with the nearest
                spider name. `run <spider> --print-settings` prints every effective value and the
                layer it came from.

                Types: *integer* and *number* are plain numbers; *seconds* is a duration in seconds
                (fractions allowed, never negative); *list* is comma-separated in strings
                (`-s retry_http_codes=500,503`) and an array in TOML; *choice* accepts the values listed.

                """);
        String section = null;
        for (Setting s : Setting.values()) {
            String sec = sectionOf.getOrDefault(s.name(), "other");
            if (!sec.equals(section)) {
                md.append(section == null ? "## " : "\n## ");
                section = sec;
                md.append(Character.toUpperCase(sec.charAt(0)))
                        .append(sec.substring(1))
                        .append("\n\n");
                md.append("| key | type | default | description |\n");
                md.append("|---|---|---|---|\n");
            }
            md.append("| `")
                    .append(s.key())
                    .append("` | ")
                    .append(type(s))
                    .append(" | ")
                    .append(s.defaultValue().isEmpty() ? "(empty)" : "`" + cell(s.defaultValue()) + "`")
                    .append(" | ")
                    .append(cell(s.description()))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static String type(Setting s) {
        return switch (s.type()) {
            case INT, LONG -> "integer";
            case DOUBLE -> "number";
            case DURATION -> "seconds";
            case BOOLEAN -> "boolean";
            case STRING -> "string";
            case LIST -> "list";
            case ENUM ->
                "choice: "
                        + String.join(
                                ", ",
                                s.choices().stream().map(c -> "`" + c + "`").toList());
        };
    }

    /** A table cell: a {@code |} would end it. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
