package io.spinneret.recrawl;

import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;

/**
 * HTTP dates ({@code Last-Modified}, {@code If-Modified-Since}) and seconds since the epoch. Every
 * page of a crawl on a persistent scheduler has its {@code Last-Modified} read, and every page of a
 * re-crawl its {@code If-Modified-Since} written, so the IMF-fixdate of RFC 9110 that servers send
 * ({@code Sun, 06 Nov 1994 08:49:37 GMT}) is read and written by hand; any other form goes through
 * {@link DateTimeFormatter#RFC_1123_DATE_TIME}.
 */
final class HttpDate {
    private static final String DAYS = "ThuFriSatSunMonTueWed"; // 1970-01-01 was a Thursday
    private static final String MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";

    private HttpDate() {}

    /** An HTTP date in seconds since the epoch, or 0 if it does not parse. */
    static long epochSeconds(@Nullable String httpDate) {
        if (httpDate == null) return 0;
        String s = httpDate.strip();
        long fast = imfFixdate(s);
        if (fast >= 0) return fast;
        try {
            return Instant.from(DateTimeFormatter.RFC_1123_DATE_TIME.parse(s)).getEpochSecond();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }

    /** {@code Sun, 06 Nov 1994 08:49:37 GMT} in seconds, or -1 if {@code s} is not exactly of that form. */
    private static long imfFixdate(String s) {
        if (s.length() != 29 || s.charAt(3) != ',' || !s.endsWith(" GMT")) return -1;
        int month = MONTHS.indexOf(s.substring(8, 11));
        int day = digits(s, 5, 2), year = digits(s, 12, 4);
        int hour = digits(s, 17, 2), minute = digits(s, 20, 2), second = digits(s, 23, 2);
        if (month < 0 || month % 3 != 0 || (day | year | hour | minute | second) < 0) return -1;
        if (s.charAt(4) != ' ' || s.charAt(7) != ' ' || s.charAt(11) != ' ' || s.charAt(16) != ' ') return -1;
        if (s.charAt(19) != ':' || s.charAt(22) != ':' || hour > 23 || minute > 59 || second > 60) return -1;
        if (day < 1 || day > LocalDate.of(year, month / 3 + 1, 1).lengthOfMonth()) return -1;
        long days = LocalDate.of(year, month / 3 + 1, day).toEpochDay();
        return days * 86_400 + hour * 3_600L + minute * 60L + second;
    }

    private static int digits(String s, int from, int n) {
        int v = 0;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** The IMF-fixdate of RFC 9110 (two-digit day, GMT), which every server parses. */
    static String format(long epochSeconds) {
        long days = Math.floorDiv(epochSeconds, 86_400);
        int secs = (int) Math.floorMod(epochSeconds, 86_400);
        LocalDate date = LocalDate.ofEpochDay(days);
        int dow = (int) Math.floorMod(days, 7);
        int month = date.getMonthValue() - 1;
        StringBuilder b =
                new StringBuilder(29).append(DAYS, dow * 3, dow * 3 + 3).append(", ");
        two(b, date.getDayOfMonth()).append(' ').append(MONTHS, month * 3, month * 3 + 3);
        b.append(' ').append(date.getYear()).append(' ');
        two(b, secs / 3_600).append(':');
        two(b, secs / 60 % 60).append(':');
        return two(b, secs % 60).append(" GMT").toString();
    }

    private static StringBuilder two(StringBuilder b, int v) {
        return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }
}
