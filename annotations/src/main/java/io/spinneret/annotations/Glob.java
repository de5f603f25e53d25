package io.spinneret.annotations;

import java.util.regex.Pattern;

/**
 * The glob syntax of link rules ({@link Follow#allowGlob()}, {@code links().allowGlob(...)}),
 * shared by the annotation processor, which rejects a glob that does not compile, and the
 * runtime, which matches with it.
 *
 * <ul>
 *   <li>{@code **} matches any characters, {@code /} included;</li>
 *   <li>{@code *} matches any characters but {@code /}; {@code ?} one character but {@code /};</li>
 *   <li>{@code [abc]}, {@code [a-z]}, {@code [!abc]} match one character of (or not of) a set;</li>
 *   <li>{@code {html,htm}} matches one of the comma-separated alternatives (which may hold globs);</li>
 *   <li>{@code \} escapes the next character; every other character matches itself.</li>
 * </ul>
 *
 * A glob matches the whole string: the absolute URL, or, when the glob starts with {@code /},
 * the URL's path and query ({@code /docs/**} matches {@code https://example.com/docs/a.html?x=1}).
 */
public final class Glob {
    private Glob() {}

    /**
     * The regular expression equivalent to {@code glob}.
     *
     * @throws IllegalArgumentException with the reason and the position, if the glob does not compile
     */
    public static Pattern compile(String glob) {
        return Pattern.compile(toRegex(glob));
    }

    /** @throws IllegalArgumentException with the reason and the position, if the glob does not compile */
    public static String toRegex(String glob) {
        if (glob.isEmpty()) throw new IllegalArgumentException("the glob is empty");
        StringBuilder out = new StringBuilder(glob.length() * 2);
        int braces = 0;
        int openBrace = -1;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                        out.append(".*");
                        i++;
                    } else {
                        out.append("[^/]*");
                    }
                }
                case '?' -> out.append("[^/]");
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) throw new IllegalArgumentException("unclosed '[' at index " + i);
                    String set = glob.substring(i + 1, close);
                    out.append('[');
                    if (set.charAt(0) == '!' || set.charAt(0) == '^') {
                        out.append('^');
                        set = set.substring(1);
                        if (set.isEmpty()) throw new IllegalArgumentException("empty set '[!]' at index " + i);
                    }
                    out.append(set.replace("\\", "\\\\").replace("[", "\\[").replace("&&", "\\&\\&"))
                            .append(']');
                    i = close;
                }
                case '{' -> {
                    if (braces == 0) openBrace = i;
                    braces++;
                    out.append("(?:");
                }
                case '}' -> {
                    if (braces == 0) throw new IllegalArgumentException("'}' without '{' at index " + i);
                    braces--;
                    out.append(')');
                }
                case ',' -> out.append(braces > 0 ? "|" : ",");
                case '\\' -> {
                    if (i + 1 == glob.length()) throw new IllegalArgumentException("'\\' at the end escapes nothing");
                    out.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
                }
                default -> {
                    if ("().+^$|".indexOf(c) >= 0) out.append('\\');
                    out.append(c);
                }
            }
        }
        if (braces > 0) throw new IllegalArgumentException("unclosed '{' at index " + openBrace);
        return out.toString();
    }
}
