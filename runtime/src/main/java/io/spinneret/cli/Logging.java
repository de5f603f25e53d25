package io.spinneret.cli;

import java.util.Locale;
import java.util.Set;

/**
 * Configures slf4j-simple from {@code --log-level} before the first logger is created (its
 * configuration is read once, from system properties). Properties the user set with {@code -D} win.
 */
final class Logging {
    static final Set<String> LEVELS = Set.of("error", "warn", "info", "debug", "trace");
    private static final String SIMPLE_PROVIDER = "org.slf4j.simple.SimpleServiceProvider";
    private static volatile String level = "info";

    private Logging() {}

    /** Finds {@code --log-level X} or {@code --log-level=X} in the raw arguments. */
    static String levelFrom(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--log-level") && i + 1 < args.length) return args[i + 1].toLowerCase(Locale.ROOT);
            if (a.startsWith("--log-level="))
                return a.substring("--log-level=".length()).toLowerCase(Locale.ROOT);
        }
        return "info";
    }

    static void configure(String requested) {
        String l = LEVELS.contains(requested) ? requested : "info";
        level = l;
        // named, slf4j skips its ServiceLoader search of every jar on the class path (about 30 ms at start-up)
        if (present(SIMPLE_PROVIDER)) {
            setDefault("slf4j.provider", SIMPLE_PROVIDER);
            setDefault("slf4j.internal.verbosity", "WARN"); // else slf4j reports that it used the property
        }
        setDefault("org.slf4j.simpleLogger.defaultLogLevel", l);
        setDefault("org.slf4j.simpleLogger.logFile", "System.err");
        setDefault("org.slf4j.simpleLogger.showDateTime", "true");
        setDefault("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        setDefault("org.slf4j.simpleLogger.showThreadName", "false");
        setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
        setDefault("org.slf4j.simpleLogger.levelInBrackets", "true");
        // chatty libraries stay quiet unless asked for
        if (!l.equals("debug") && !l.equals("trace")) {
            setDefault("org.slf4j.simpleLogger.log.com.zaxxer.hikari", "warn");
            setDefault("org.slf4j.simpleLogger.log.org.mongodb", "warn");
        }
    }

    /** True when errors should carry stack traces. */
    static boolean debug() {
        return level.equals("debug") || level.equals("trace");
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, Logging.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }
}
