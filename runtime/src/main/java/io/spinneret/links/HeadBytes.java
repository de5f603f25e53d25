package io.spinneret.links;

import java.nio.charset.StandardCharsets;

/**
 * A bounded look at the raw bytes of an HTML page's head, before any parse: where the head ends
 * (the first {@code </head>} or {@code <body}, else the end of the body) and whether a word
 * occurs before that. A page whose head bytes do not mention {@code refresh} has no meta refresh
 * that {@link PageDirectives} could find, so the check costs a scan of the head, not a parse.
 */
public final class HeadBytes {
    private static final byte[] HEAD = {'h', 'e', 'a', 'd'};
    private static final byte[] BODY = {'b', 'o', 'd', 'y'};

    private HeadBytes() {}

    /** The offset where the head of {@code body} ends: the first {@code </head>} or {@code <body}, in any case. */
    public static int end(byte[] body) {
        for (int i = 0, last = body.length - 5; i <= last; i++) {
            if (body[i] != '<') continue;
            byte next = body[i + 1];
            if (next == '/' ? at(body, i + 2, HEAD) : (next | 0x20) == 'b' && at(body, i + 1, BODY)) return i;
        }
        return body.length;
    }

    /** Whether {@code body[0, end)} holds {@code word} (lower-case ASCII), in any case. */
    public static boolean mentions(byte[] body, int end, String word) {
        byte[] w = word.getBytes(StandardCharsets.ISO_8859_1);
        byte first = w[0];
        // a tight loop over the bytes for the first letter; the word is compared only where it starts
        for (int i = 0, last = Math.min(end, body.length) - w.length; i <= last; i++) {
            if ((body[i] | 0x20) == first && at(body, i, w)) return true;
        }
        return false;
    }

    private static boolean at(byte[] body, int from, byte[] word) {
        if (from + word.length > body.length) return false;
        for (int j = 0; j < word.length; j++) {
            if ((body[from + j] | 0x20) != word[j]) return false;
        }
        return true;
    }
}
