package io.spinneret.session;

import io.spinneret.api.Response;
import io.spinneret.internal.BlockedCheck;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a response means its session is blocked. A spider's {@code @Blocked} method, if
 * it has one, decides alone. Otherwise a response is blocked when its status is one of
 * {@code session_blocked_statuses} (401, 403 and 429 by default), or when it is a challenge page:
 * an HTML page whose title is one that bot walls show ("Just a moment...", "Attention Required!",
 * "Access denied", "Pardon Our Interruption", "Are you a robot?", "Robot Check", "Verify you are
 * human"), whatever its status. Thread-safe.
 */
public final class BlockedJudge {
    /** Titles of challenge pages, lower case; a title that starts with one of them is a challenge. */
    static final List<String> CHALLENGE_TITLES = List.of(
            "just a moment",
            "attention required",
            "access denied",
            "pardon our interruption",
            "are you a robot",
            "robot check",
            "verify you are human");

    private static final Pattern TITLE = Pattern.compile("<title[^>]*>\\s*([^<]{0,200})", Pattern.CASE_INSENSITIVE);
    /** Where the title is looked for: a challenge page names itself early. */
    private static final int HEAD_BYTES = 8192;

    private final Set<Integer> statuses;
    private final @Nullable BlockedCheck spider;

    /**
     * @param statuses the statuses that mean blocked
     * @param spider the spider's {@code @Blocked} method, or null
     */
    public BlockedJudge(Set<Integer> statuses, @Nullable BlockedCheck spider) {
        this.statuses = Set.copyOf(statuses);
        this.spider = spider;
    }

    /** Parses {@code session_blocked_statuses} entries. */
    static Set<Integer> statuses(List<String> entries) {
        Set<Integer> out = new HashSet<>();
        for (String e : entries) out.add(Integer.parseInt(e.strip()));
        return out;
    }

    /**
     * Whether {@code response} means its session is blocked.
     *
     * @throws Exception what the spider's {@code @Blocked} method threw
     */
    public boolean blocked(Response response) throws Exception {
        if (spider != null) return spider.blocked(response);
        return statuses.contains(response.status()) || isChallenge(response);
    }

    /** Whether {@code response} is an HTML page titled as a bot wall's challenge. */
    public static boolean isChallenge(Response response) {
        if (!response.isHtml()) return false;
        byte[] body = response.body();
        String head = new String(body, 0, Math.min(body.length, HEAD_BYTES), StandardCharsets.ISO_8859_1);
        Matcher m = TITLE.matcher(head);
        if (!m.find()) return false;
        String title = m.group(1).strip().toLowerCase(Locale.ROOT);
        for (String t : CHALLENGE_TITLES) if (title.startsWith(t)) return true;
        return false;
    }
}
