package io.spinneret.url;

import java.util.ArrayList;
import java.util.List;

/**
 * The IPv4 parser and serializer of the URL Standard (section 3.5): up to four dot-separated
 * numbers, each decimal, octal ({@code 0} prefix) or hexadecimal ({@code 0x}), the last filling the
 * bytes left ({@code 127.1} is {@code 127.0.0.1}, {@code 0x7f000001} too). A value that does not
 * fit is a failure, never wrapped around.
 */
final class Ipv4 {
    /** Stands for "failure": any value above 2^32 - 1 fails the range checks. */
    private static final long FAILURE = -1;

    private static final long TOO_BIG = 1L << 40;

    private Ipv4() {}

    /** The "ends in a number checker": a host that ends in a number must parse as IPv4. */
    static boolean endsInANumber(String host) {
        List<String> parts = split(host);
        if (parts.get(parts.size() - 1).isEmpty()) {
            if (parts.size() == 1) return false;
            parts.remove(parts.size() - 1);
        }
        String last = parts.get(parts.size() - 1);
        if (!last.isEmpty() && last.chars().allMatch(c -> c >= '0' && c <= '9')) return true;
        return number(last) != FAILURE;
    }

    /** The address as an unsigned 32-bit value, or -1 for failure. */
    static long parse(String host) {
        List<String> parts = split(host);
        if (parts.get(parts.size() - 1).isEmpty() && parts.size() > 1) parts.remove(parts.size() - 1);
        if (parts.size() > 4) return FAILURE;
        long[] numbers = new long[parts.size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = number(parts.get(i));
            if (numbers[i] == FAILURE) return FAILURE;
        }
        for (int i = 0; i < numbers.length - 1; i++) if (numbers[i] > 255) return FAILURE;
        long last = numbers[numbers.length - 1];
        if (last >= 1L << (8 * (5 - numbers.length))) return FAILURE;
        long ipv4 = last;
        for (int i = 0; i < numbers.length - 1; i++) ipv4 += numbers[i] << (8 * (3 - i));
        return ipv4;
    }

    static String serialize(long address) {
        return ((address >> 24) & 0xff) + "." + ((address >> 16) & 0xff) + "." + ((address >> 8) & 0xff) + "."
                + (address & 0xff);
    }

    /** The IPv4 number parser; values are saturated far above 2^32 so they stay failures. */
    private static long number(String input) {
        if (input.isEmpty()) return FAILURE;
        int radix = 10;
        String digits = input;
        if (input.length() >= 2 && (input.startsWith("0x") || input.startsWith("0X"))) {
            digits = input.substring(2);
            radix = 16;
        } else if (input.length() >= 2 && input.charAt(0) == '0') {
            digits = input.substring(1);
            radix = 8;
        }
        if (digits.isEmpty()) return 0;
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = digits.charAt(i) < 128 ? Character.digit(digits.charAt(i), radix) : -1;
            if (d < 0) return FAILURE;
            value = Math.min(TOO_BIG, value * radix + d);
        }
        return value;
    }

    private static List<String> split(String s) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == '.') {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        return parts;
    }
}
