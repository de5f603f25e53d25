package io.spinneret.processor;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" suggestions by edit distance. */
final class Suggestions {
    private Suggestions() {}

    /** The closest candidate within a small edit distance, if any. */
    static Optional<String> closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        int allowed = Math.max(2, word.length() / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** {@code "; did you mean 'x'?"} or {@code ";"} — the separator before a list of choices. */
    static String didYouMean(String word, Collection<String> candidates) {
        return closest(word, candidates).map(s -> "; did you mean '" + s + "'?").orElse(";");
    }

    /**
     * The {@code [UnknownCallback]} message for {@code name}: a did-you-mean, or a note that it is
     * an errback, then the spider's callbacks.
     */
    static String unknownCallback(String name, String spider, List<String> callbacks, List<String> errbacks) {
        String hint = errbacks.contains(name)
                ? "; '" + name + "' is an @Errback, which handles failures, not responses."
                : didYouMean(name, callbacks);
        return Message.UNKNOWN_CALLBACK.format(name, spider, hint, String.join(", ", callbacks));
    }

    /** Damerau-Levenshtein distance (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
