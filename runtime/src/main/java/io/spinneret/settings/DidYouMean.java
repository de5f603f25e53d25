package io.spinneret.settings;

import java.util.Collection;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The "did you mean" of every error about a name typed wrong (a setting, a spider, a spider's
 * argument, an item type): the known name closest to it by edit distance, case ignored, when it is
 * close enough to be a typo.
 */
public final class DidYouMean {
    private DidYouMean() {}

    /** The name in {@code known} closest to {@code typed}, or null when none is within a typo of it. */
    public static @Nullable String closest(String typed, Collection<String> known) {
        String t = typed.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(t, k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return bestDistance <= Math.max(2, typed.length() / 3) ? best : null;
    }

    /** Levenshtein's distance: the insertions, deletions and substitutions that turn {@code a} into {@code b}. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, substitute);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
