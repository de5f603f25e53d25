package io.spinneret.examples.replica;

/** HTML and JavaScript escaping for the generated pages. */
final class Html {
    private Html() {}

    /** Escapes text content: {@code & < >}. Quotes stay as they are, as on the real sites. */
    static String text(String s) {
        return escape(s, false);
    }

    /** Escapes an attribute value: {@code & < > " '}. */
    static String attr(String s) {
        return escape(s, true);
    }

    private static String escape(String s, boolean quotes) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> quotes ? "&quot;" : null;
                case '\'' -> quotes ? "&#x27;" : null;
                default -> null;
            };
            if (rep != null) {
                if (b == null) b = new StringBuilder(s.length() + 16).append(s, 0, i);
                b.append(rep);
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * A JSON string literal safe inside an inline {@code <script>}: {@code <} is written as
     * {@code \u003c} so that no {@code </script>} can end the script early.
     */
    static String jsString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '<' -> b.append("\\u003c");
                case '\u2028' -> b.append("\\u2028");
                case '\u2029' -> b.append("\\u2029");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    /** A URL path segment made of lower-case letters, digits and hyphens, as the sites' slugs. */
    static String slug(String s) {
        StringBuilder b = new StringBuilder(s.length());
        boolean hyphen = false;
        for (int i = 0; i < s.length(); i++) {
            char c = Character.toLowerCase(s.charAt(i));
            if (c == '\'') continue;
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (hyphen && !b.isEmpty()) b.append('-');
                b.append(c);
                hyphen = false;
            } else {
                hyphen = true;
            }
        }
        return b.toString();
    }
}
