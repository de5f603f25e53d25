package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sets the {@code User-Agent} header, rotating through {@code user_agents} one request after the
 * other, unless the request already sets one. The default names the framework and a URL, so a site
 * owner can find out who is crawling. Thread-safe.
 */
public final class UserAgentMiddleware implements Middleware {
    public static final String NAME = "user_agent";

    private final List<String> agents;
    private final AtomicLong next = new AtomicLong();

    /** @param agents the user agents, at least one */
    public UserAgentMiddleware(List<String> agents) {
        if (agents.isEmpty()) throw new IllegalArgumentException("user_agents is empty; name at least one user agent");
        this.agents = List.copyOf(agents);
    }

    /**
     * The rotation configured by {@code user_agents}. Commas inside parentheses do not separate
     * entries, so real browser strings such as {@code Mozilla/5.0 (KHTML, like Gecko)} survive the
     * comma-separated list syntax.
     */
    public static UserAgentMiddleware from(Settings settings) {
        List<String> agents = splitAgents(settings.getString(Setting.USER_AGENTS));
        return new UserAgentMiddleware(agents.isEmpty() ? List.of(Setting.USER_AGENTS.defaultValue()) : agents);
    }

    static List<String> splitAgents(String raw) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i <= raw.length(); i++) {
            char c = i < raw.length() ? raw.charAt(i) : ',';
            if (c == '(') depth++;
            else if (c == ')' && depth > 0) depth--;
            else if (c == ',' && (depth == 0 || i == raw.length())) {
                String a = raw.substring(from, i).strip();
                if (!a.isEmpty()) out.add(a);
                from = i + 1;
                depth = 0;
            }
        }
        return out;
    }

    public List<String> agents() {
        return agents;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        if (hasUserAgent(request.headers())) return chain.proceed(request);
        return chain.proceed(
                request.toBuilder().header("User-Agent", nextAgent()).build());
    }

    /** The next user agent of the rotation. */
    public String nextAgent() {
        return agents.size() == 1 ? agents.get(0) : agents.get((int) (next.getAndIncrement() % agents.size()));
    }

    /**
     * The robots.txt product tokens of these user agents, lower case and without duplicates: the
     * part before the first {@code /} or blank, e.g. {@code spinneret} for
     * {@code Spinneret/0.1 (+https://...)}. RFC 9309 matches groups on this token.
     */
    public List<String> productTokens() {
        LinkedHashSet<String> tokens = new LinkedHashSet<>();
        for (String a : agents) {
            String t = productToken(a);
            if (!t.isEmpty()) tokens.add(t);
        }
        return new ArrayList<>(tokens);
    }

    static String productToken(String agent) {
        int end = 0;
        while (end < agent.length()) {
            char c = agent.charAt(end);
            // RFC 9309 §2.2.1: the product token is [a-zA-Z_-]+
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-')) break;
            end++;
        }
        return agent.substring(0, end).toLowerCase(Locale.ROOT);
    }

    static boolean hasUserAgent(Map<String, String> headers) {
        if (headers.isEmpty()) return false;
        for (String name : headers.keySet()) if (name.equalsIgnoreCase("User-Agent")) return true;
        return false;
    }

    @Override
    public String toString() {
        return NAME + "(" + agents.size() + (agents.size() == 1 ? " agent)" : " agents)");
    }
}
