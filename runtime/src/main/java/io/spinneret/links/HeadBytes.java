package io.spinneret.links;

/**
 * A bounded look at the raw bytes of an HTML page's head, before any parse: where the head ends
 * (the first {@code </head>} or {@code <body}, else the end of the body) and whether a word
 * occurs before that. A page whose head bytes do not mention {@code refresh} has no meta refresh
 * that {@link PageDirectives} could find, so the check costs a scan of the head, not a parse.
 */
public final class HeadBytes {
    private HeadBytes() {}

    /** The offset where the head of {@code body} ends: the first {@code </head>} or {@code <body}, in any case. */
    public static int end(byte[] body) {
        for (int i = 0, last = body.length - 5; i <= last; i++) {
            if (body[i] != '<') continue;
            if (body[i + 1] == '/' && at(body, i + 2, "head")) return i;
            if (at(body, i + 1, "body")) return i;
        }
        return body.length;
    }

    /** Whether {@code body[0, end)} holds {@code word} (lower-case ASCII), in any case. */
    public static boolean mentions(byte[] body, int end, String word) {
        for (int i = 0, last = end - word.length(); i <= last; i++) {
            if (at(body, i, word)) return true;
        }
        return false;
    }

    private static boolean at(byte[] body, int from, String word) {
        if (from + word.length() > body.length) return false;
        for (int j = 0; j < word.length(); j++) {
            if ((body[from + j] | 0x20) != word.charAt(j)) return false;
        }
        return true;
    }
}
