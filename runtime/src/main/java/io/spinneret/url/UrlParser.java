package io.spinneret.url;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The URL Standard's basic URL parser (section 4.4), for the special schemes {@code http} and
 * {@code https}: what a browser does with an {@code href} or a {@code Location}. Leading and
 * trailing C0 controls and spaces are trimmed, tabs and newlines removed anywhere, {@code \} read
 * as {@code /}, {@code .} and {@code ..} segments (also spelled {@code %2e}) resolved, each
 * component percent-encoded with its own set (a stray {@code %} stays as it is), the host parsed by
 * {@link HostParser}, a port above 65535 refused and the default port dropped.
 *
 * <p>An input whose scheme is anything else ({@code mailto:}, {@code javascript:}, {@code ftp:},
 * {@code file:}) gives empty, as does one the standard calls a failure. Queries are encoded as
 * UTF-8 whatever the page's encoding. No state override (the setters of the URL API are not
 * needed). Pure and thread-safe.
 */
public final class UrlParser {
    private static final int EOF = -1;
    private static final String NO_SCHEME =
            "it has no scheme (http:// or https://) and there is no page to resolve it against";
    private static final String PORT_RANGE = "its port is above 65535";

    private enum State {
        SCHEME_START,
        SCHEME,
        NO_SCHEME,
        SPECIAL_RELATIVE_OR_AUTHORITY,
        RELATIVE,
        RELATIVE_SLASH,
        SPECIAL_AUTHORITY_SLASHES,
        SPECIAL_AUTHORITY_IGNORE_SLASHES,
        AUTHORITY,
        HOST,
        PORT,
        PATH_START,
        PATH,
        QUERY,
        FRAGMENT
    }

    private final int[] input;
    private final @Nullable HttpUrl base;
    private String scheme = "";
    private final StringBuilder username = new StringBuilder();
    private final StringBuilder password = new StringBuilder();
    private @Nullable String host;
    private int port = -1;
    private List<String> path = new ArrayList<>();
    private @Nullable StringBuilder query;
    private @Nullable StringBuilder fragment;
    /** Why the input is no URL, once {@link #run} gave null. */
    private String failure = "";

    private UrlParser(int[] input, @Nullable HttpUrl base) {
        this.input = input;
        this.base = base;
    }

    /** {@code input} parsed on its own (it must be absolute). */
    public static Optional<HttpUrl> parse(String input) {
        return parse(input, null);
    }

    /** {@code input} parsed against {@code base}, as a link on the page at {@code base}. */
    public static Optional<HttpUrl> parse(String input, @Nullable HttpUrl base) {
        return Optional.ofNullable(new UrlParser(codePoints(input), base).run());
    }

    /**
     * {@code input} parsed on its own, or why it is no absolute http(s) URL: the failure's reason in
     * words ("its port is above 65535"), for an error message.
     */
    static Result parseOrExplain(String input) {
        UrlParser parser = new UrlParser(codePoints(input), null);
        HttpUrl url = parser.run();
        return new Result(url, url == null ? parser.failure : "");
    }

    /** A parse's outcome: the URL, or null and the reason. */
    record Result(@Nullable HttpUrl url, String failure) {}

    /**
     * Steps 1 to 3 of the parser: C0 controls and spaces trimmed at both ends, tabs and newlines
     * removed, and (for the UTF-8 encoder) unpaired surrogates replaced by U+FFFD.
     */
    private static int[] codePoints(String s) {
        int start = 0, end = s.length();
        while (start < end && s.charAt(start) <= 0x20) start++;
        while (end > start && s.charAt(end - 1) <= 0x20) end--;
        int[] out = new int[end - start];
        int n = 0;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c == '\t' || c == '\n' || c == '\r') continue;
            if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1))) {
                out[n++] = Character.toCodePoint(c, s.charAt(++i));
            } else {
                out[n++] = Character.isSurrogate(c) ? 0xfffd : c;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private @Nullable HttpUrl run() {
        State state = State.SCHEME_START;
        StringBuilder buffer = new StringBuilder();
        boolean atSignSeen = false, insideBrackets = false, passwordTokenSeen = false;
        for (int pointer = 0; ; pointer++) {
            int c = pointer < input.length ? input[pointer] : EOF;
            switch (state) {
                case SCHEME_START -> {
                    if (isAlpha(c)) {
                        buffer.append(Character.toLowerCase((char) c));
                        state = State.SCHEME;
                    } else {
                        state = State.NO_SCHEME;
                        pointer--;
                    }
                }
                case SCHEME -> {
                    if (isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.') {
                        buffer.append(Character.toLowerCase((char) c));
                    } else if (c == ':') {
                        scheme = buffer.toString();
                        buffer.setLength(0);
                        if (!scheme.equals("http") && !scheme.equals("https")) {
                            return fail("its scheme is '" + scheme + "', not http or https"); // not ours
                        }
                        state = base != null && base.scheme().equals(scheme)
                                ? State.SPECIAL_RELATIVE_OR_AUTHORITY
                                : State.SPECIAL_AUTHORITY_SLASHES;
                    } else {
                        buffer.setLength(0);
                        state = State.NO_SCHEME;
                        pointer = -1;
                    }
                }
                case NO_SCHEME -> {
                    if (base == null) return fail(NO_SCHEME);
                    state = State.RELATIVE;
                    pointer--;
                }
                case SPECIAL_RELATIVE_OR_AUTHORITY -> {
                    if (c == '/' && at(pointer + 1) == '/') {
                        state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                        pointer++;
                    } else {
                        state = State.RELATIVE;
                        pointer--;
                    }
                }
                case RELATIVE -> {
                    HttpUrl b = requireBase();
                    scheme = b.scheme();
                    if (c == '/' || c == '\\') {
                        state = State.RELATIVE_SLASH;
                    } else {
                        copyAuthority(b);
                        path = new ArrayList<>(b.path());
                        query = b.query() == null ? null : new StringBuilder(b.query());
                        State next = queryOrFragment(c);
                        if (next != null) {
                            state = next;
                        } else if (c != EOF) {
                            query = null;
                            shortenPath();
                            state = State.PATH;
                            pointer--;
                        }
                    }
                }
                case RELATIVE_SLASH -> {
                    if (c == '/' || c == '\\') {
                        state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                    } else {
                        copyAuthority(requireBase());
                        state = State.PATH;
                        pointer--;
                    }
                }
                case SPECIAL_AUTHORITY_SLASHES -> {
                    if (c == '/' && at(pointer + 1) == '/') {
                        pointer++;
                    } else {
                        pointer--;
                    }
                    state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                }
                case SPECIAL_AUTHORITY_IGNORE_SLASHES -> {
                    if (c != '/' && c != '\\') {
                        state = State.AUTHORITY;
                        pointer--;
                    }
                }
                case AUTHORITY -> {
                    if (c == '@') {
                        if (atSignSeen) buffer.insert(0, "%40");
                        atSignSeen = true;
                        for (int i = 0; i < buffer.length(); ) {
                            int cp = buffer.codePointAt(i);
                            i += Character.charCount(cp);
                            if (cp == ':' && !passwordTokenSeen) {
                                passwordTokenSeen = true;
                                continue;
                            }
                            PercentEncoding.USERINFO.append(passwordTokenSeen ? password : username, cp);
                        }
                        buffer.setLength(0);
                    } else if (c == EOF || c == '/' || c == '?' || c == '#' || c == '\\') {
                        if (atSignSeen && buffer.isEmpty()) return fail("it has no host after the '@'");
                        pointer -= buffer.codePointCount(0, buffer.length()) + 1;
                        buffer.setLength(0);
                        state = State.HOST;
                    } else {
                        buffer.appendCodePoint(c);
                    }
                }
                case HOST -> {
                    if (c == ':' && !insideBrackets) {
                        if (buffer.isEmpty()) return fail("it has no host");
                        host = HostParser.parse(buffer.toString());
                        if (host == null) return fail(badHost(buffer));
                        buffer.setLength(0);
                        state = State.PORT;
                    } else if (c == EOF || c == '/' || c == '?' || c == '#' || c == '\\') {
                        pointer--;
                        if (buffer.isEmpty()) return fail("it has no host");
                        host = HostParser.parse(buffer.toString());
                        if (host == null) return fail(badHost(buffer));
                        buffer.setLength(0);
                        state = State.PATH_START;
                    } else {
                        if (c == '[') insideBrackets = true;
                        if (c == ']') insideBrackets = false;
                        buffer.appendCodePoint(c);
                    }
                }
                case PORT -> {
                    if (isDigit(c)) {
                        // leading zeros are allowed; anything above 65535 fails below
                        if (!(buffer.length() == 1 && buffer.charAt(0) == '0')) buffer.append((char) c);
                        else buffer.setCharAt(0, (char) c);
                        if (buffer.length() > 5) return fail(PORT_RANGE);
                    } else if (c == EOF || c == '/' || c == '?' || c == '#' || c == '\\') {
                        if (!buffer.isEmpty()) {
                            int p = Integer.parseInt(buffer.toString());
                            if (p > 65535) return fail(PORT_RANGE);
                            port = p == HttpUrl.defaultPort(scheme) ? -1 : p;
                            buffer.setLength(0);
                        }
                        state = State.PATH_START;
                        pointer--;
                    } else {
                        return fail("its port is not a number");
                    }
                }
                case PATH_START -> {
                    state = State.PATH;
                    if (c != '/' && c != '\\') pointer--;
                }
                case PATH -> {
                    if (c == EOF || c == '/' || c == '\\' || c == '?' || c == '#') {
                        boolean slash = c == '/' || c == '\\';
                        String segment = buffer.toString();
                        if (isDoubleDot(segment)) {
                            shortenPath();
                            if (!slash) path.add("");
                        } else if (isSingleDot(segment)) {
                            if (!slash) path.add("");
                        } else {
                            path.add(segment);
                        }
                        buffer.setLength(0);
                        State next = queryOrFragment(c);
                        if (next != null) state = next;
                    } else {
                        PercentEncoding.PATH.append(buffer, c);
                    }
                }
                case QUERY -> {
                    if (c == '#' || c == EOF) {
                        PercentEncoding.SPECIAL_QUERY.appendAll(query(), buffer.toString());
                        buffer.setLength(0);
                        if (c == '#') {
                            fragment = new StringBuilder();
                            state = State.FRAGMENT;
                        }
                    } else {
                        buffer.appendCodePoint(c);
                    }
                }
                case FRAGMENT -> {
                    if (c != EOF) PercentEncoding.FRAGMENT.append(fragment(), c);
                }
            }
            if (c == EOF && pointer >= input.length) break;
        }
        if (host == null) return fail("it has no host");
        return new HttpUrl(
                scheme,
                username.toString(),
                password.toString(),
                host,
                port,
                path,
                query == null ? null : query.toString(),
                fragment == null ? null : fragment.toString());
    }

    private @Nullable HttpUrl fail(String reason) {
        failure = reason;
        return null;
    }

    private static String badHost(CharSequence host) {
        return "its host '" + host + "' is not a valid host name or address";
    }

    /** On {@code ?} or {@code #}: starts an empty query or fragment and returns its state; else null. */
    private @Nullable State queryOrFragment(int c) {
        if (c == '?') {
            query = new StringBuilder();
            return State.QUERY;
        }
        if (c == '#') {
            fragment = new StringBuilder();
            return State.FRAGMENT;
        }
        return null;
    }

    private int at(int i) {
        return i >= 0 && i < input.length ? input[i] : EOF;
    }

    private HttpUrl requireBase() {
        if (base == null) throw new IllegalStateException("relative state without a base");
        return base;
    }

    private void copyAuthority(HttpUrl b) {
        username.setLength(0);
        username.append(b.username());
        password.setLength(0);
        password.append(b.password());
        host = b.host();
        port = b.port();
    }

    private void shortenPath() {
        if (!path.isEmpty()) path.remove(path.size() - 1);
    }

    private StringBuilder query() {
        if (query == null) query = new StringBuilder();
        return query;
    }

    private StringBuilder fragment() {
        if (fragment == null) fragment = new StringBuilder();
        return fragment;
    }

    private static boolean isSingleDot(String s) {
        return s.equals(".") || s.equalsIgnoreCase("%2e");
    }

    private static boolean isDoubleDot(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return l.equals("..") || l.equals(".%2e") || l.equals("%2e.") || l.equals("%2e%2e");
    }

    private static boolean isAlpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
