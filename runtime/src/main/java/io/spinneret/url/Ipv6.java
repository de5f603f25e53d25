package io.spinneret.url;

import org.jspecify.annotations.Nullable;

/**
 * The IPv6 parser and serializer of the URL Standard (section 3.5): eight 16-bit pieces, one
 * {@code ::} compression, an optional dotted IPv4 tail; serialized in lower-case hex with the
 * first longest run of two or more zero pieces compressed.
 */
final class Ipv6 {
    private Ipv6() {}

    /** The eight pieces of {@code input} (without brackets), or null for failure. */
    static int @Nullable [] parse(String input) {
        int[] address = new int[8];
        int pieceIndex = 0;
        int compress = -1;
        int p = 0;
        int n = input.length();
        if (p < n && input.charAt(p) == ':') {
            if (p + 1 >= n || input.charAt(p + 1) != ':') return null;
            p += 2;
            compress = ++pieceIndex;
        }
        while (p < n) {
            if (pieceIndex == 8) return null;
            if (input.charAt(p) == ':') {
                if (compress != -1) return null;
                p++;
                compress = ++pieceIndex;
                continue;
            }
            int value = 0, length = 0;
            while (length < 4 && p < n && hex(input.charAt(p)) >= 0) {
                value = value * 0x10 + hex(input.charAt(p));
                p++;
                length++;
            }
            if (p < n && input.charAt(p) == '.') {
                if (length == 0) return null;
                p -= length;
                if (pieceIndex > 6) return null;
                int numbersSeen = 0;
                while (p < n) {
                    int ipv4Piece = -1;
                    if (numbersSeen > 0) {
                        if (input.charAt(p) == '.' && numbersSeen < 4) p++;
                        else return null;
                    }
                    if (p >= n || !digit(input.charAt(p))) return null;
                    while (p < n && digit(input.charAt(p))) {
                        int number = input.charAt(p) - '0';
                        if (ipv4Piece == -1) ipv4Piece = number;
                        else if (ipv4Piece == 0) return null;
                        else ipv4Piece = ipv4Piece * 10 + number;
                        if (ipv4Piece > 255) return null;
                        p++;
                    }
                    address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
                    numbersSeen++;
                    if (numbersSeen == 2 || numbersSeen == 4) pieceIndex++;
                }
                if (numbersSeen != 4) return null;
                break;
            } else if (p < n && input.charAt(p) == ':') {
                p++;
                if (p >= n) return null;
            } else if (p < n) {
                return null;
            }
            address[pieceIndex] = value;
            pieceIndex++;
        }
        if (compress != -1) {
            int swaps = pieceIndex - compress;
            pieceIndex = 7;
            while (pieceIndex != 0 && swaps > 0) {
                int t = address[pieceIndex];
                address[pieceIndex] = address[compress + swaps - 1];
                address[compress + swaps - 1] = t;
                pieceIndex--;
                swaps--;
            }
        } else if (pieceIndex != 8) {
            return null;
        }
        return address;
    }

    /** The bracketed serialization of {@code address}. */
    static String serialize(int[] address) {
        int compress = -1, bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (address[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && address[j] == 0) j++;
            if (j - i > bestLength) {
                compress = i;
                bestLength = j - i;
            }
            i = j;
        }
        StringBuilder out = new StringBuilder("[");
        boolean ignore0 = false;
        for (int i = 0; i < 8; i++) {
            if (ignore0 && address[i] == 0) continue;
            ignore0 = false;
            if (compress == i) {
                out.append(i == 0 ? "::" : ":");
                ignore0 = true;
                continue;
            }
            out.append(Integer.toHexString(address[i]));
            if (i != 7) out.append(':');
        }
        return out.append(']').toString();
    }

    private static int hex(char c) {
        return c < 128 ? Character.digit(c, 16) : -1;
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
