package io.spinneret.internal;

import io.spinneret.annotations.ArgType;
import io.spinneret.api.SpiderArgumentException;
import io.spinneret.settings.DidYouMean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks and converts spider arguments; called by generated {@code <Spider>_Dispatch} code, which
 * assigns each converted value to its {@code @Arg} field directly (no reflection).
 */
public final class SpiderArguments {
    private SpiderArguments() {}

    /**
     * The arguments of a crawl with the defaults filled in.
     *
     * @throws SpiderArgumentException for an argument the spider does not declare, a required one
     *     missing, or a value that does not parse; the message lists the spider's arguments
     */
    public static Map<String, String> check(SpiderDefinition spider, Map<String, String> given) {
        List<ArgumentSpec> declared = spider.arguments();
        Map<String, ArgumentSpec> byName = new LinkedHashMap<>();
        for (ArgumentSpec a : declared) byName.put(a.name(), a);
        List<String> problems = new ArrayList<>();
        for (String name : given.keySet()) {
            if (!byName.containsKey(name))
                problems.add("it has no argument '" + name + "'" + hint(name, byName.keySet()));
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (ArgumentSpec a : declared) {
            String v = given.get(a.name());
            if (v == null) v = a.defaultValue();
            if (v == null) {
                problems.add("argument '" + a.name() + "' is required");
                continue;
            }
            String value = v;
            a.type().check(value, a.choices()).ifPresent(why -> problems.add("argument '" + a.name() + "' " + why));
            values.put(a.name(), value);
        }
        if (!problems.isEmpty()) throw new SpiderArgumentException(message(spider, problems));
        return values;
    }

    private static String hint(String name, Collection<String> names) {
        String best = DidYouMean.closest(name, names);
        return best != null ? " (did you mean '" + best + "'?)" : "";
    }

    /** {@code spider 'books': it has no argument 'x'. Its arguments: -a category (String, default ""), ...}. */
    private static String message(SpiderDefinition spider, List<String> problems) {
        return "spider '" + spider.name() + "': " + String.join("; ", problems) + ". " + list(spider);
    }

    /** {@code Its arguments: category (String, default ""); maxPages (int, required)}, or that it has none. */
    public static String list(SpiderDefinition spider) {
        if (spider.arguments().isEmpty()) return "It takes no arguments.";
        return "Its arguments: "
                + spider.arguments().stream().map(ArgumentSpec::describe).collect(Collectors.joining("; ")) + ".";
    }

    // ---- conversions, for generated code; the values were checked by check()

    public static int toInt(String value) {
        return Integer.parseInt(value.trim());
    }

    public static long toLong(String value) {
        return Long.parseLong(value.trim());
    }

    public static double toDouble(String value) {
        return Double.parseDouble(value.trim());
    }

    public static boolean toBoolean(String value) {
        return Boolean.parseBoolean(value.trim());
    }

    /** The enum constant's name {@code value} stands for (case ignored); the generated code calls the enum's {@code valueOf}. */
    public static String toChoice(String value, List<String> choices) {
        String c = ArgType.choice(value, choices);
        if (c == null) throw new IllegalArgumentException(value);
        return c;
    }

    public static List<String> toList(String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(",")) if (!part.isBlank()) out.add(part.strip());
        return List.copyOf(out);
    }
}
