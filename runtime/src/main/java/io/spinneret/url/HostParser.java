package io.spinneret.url;

import com.ibm.icu.text.IDNA;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The host parser of the URL Standard (section 3.5) for special schemes: an IPv6 address in
 * brackets, else the percent-decoded domain mapped to ASCII by UTS #46 (ICU4J's implementation,
 * nontransitional, CheckBidi and CheckJoiners on, STD3 rules, hyphen checks and DNS length checks
 * off, as "domain to ASCII" asks when not strict), then an IPv4 address if it ends in a number.
 * Returns the host's serialization.
 */
final class HostParser {
    /** The forbidden domain code points besides C0 controls and U+007F. */
    private static final String FORBIDDEN_DOMAIN = " #%/:<>?@[\\]^|";
    /**
     * ICU4J's UTS #46, made on first use: most hosts are ASCII and never need ICU, and the crawl
     * of an ASCII-only site loads none of it (this class's bytecode is the only place that names it).
     */
    private static final class Uts46 {
        static final IDNA IDNA_ =
                IDNA.getUTS46Instance(IDNA.NONTRANSITIONAL_TO_ASCII | IDNA.CHECK_BIDI | IDNA.CHECK_CONTEXTJ);
        /** UTS #46 errors that "domain to ASCII" ignores when not strict (CheckHyphens and VerifyDnsLength off). */
        static final Set<IDNA.Error> IGNORED = EnumSet.of(
                IDNA.Error.EMPTY_LABEL,
                IDNA.Error.LABEL_TOO_LONG,
                IDNA.Error.DOMAIN_NAME_TOO_LONG,
                IDNA.Error.LEADING_HYPHEN,
                IDNA.Error.TRAILING_HYPHEN,
                IDNA.Error.HYPHEN_3_4);

        /** The domain mapped to ASCII, or null if UTS #46 reports an error that is not ignored. */
        static @Nullable String toAscii(String domain) {
            StringBuilder out = new StringBuilder(domain.length() + 8);
            IDNA.Info info = new IDNA.Info();
            IDNA_.nameToASCII(domain, out, info);
            for (IDNA.Error e : info.getErrors()) if (!IGNORED.contains(e)) return null;
            return out.toString();
        }
    }

    private HostParser() {}

    /**
     * The last hosts parsed, by the input's hash: a page's links mostly name its own host, which is
     * then parsed (percent-decoded, mapped to ASCII, read as IPv4) once, not once a link. A slot
     * holds one immutable entry, so threads share the table without a lock; a collision only costs
     * a parse.
     */
    private static final Parsed[] RECENT = new Parsed[1024];

    /** An input and its host, null where it failed. */
    private record Parsed(String input, @Nullable String host) {}

    /** The serialized host, or null for failure. */
    static @Nullable String parse(String input) {
        int slot = input.hashCode() & (RECENT.length - 1);
        Parsed recent = RECENT[slot];
        if (recent != null && recent.input.equals(input)) return recent.host;
        String host = parseUncached(input);
        RECENT[slot] = new Parsed(input, host);
        return host;
    }

    private static @Nullable String parseUncached(String input) {
        if (input.startsWith("[")) {
            if (!input.endsWith("]") || input.length() < 2) return null;
            int[] address = Ipv6.parse(input.substring(1, input.length() - 1));
            return address == null ? null : Ipv6.serialize(address);
        }
        if (input.isEmpty()) return null;
        String domain =
                input.indexOf('%') < 0 ? input : new String(PercentEncoding.decode(input), StandardCharsets.UTF_8);
        String ascii = toAscii(domain);
        if (ascii == null) return null;
        if (Ipv4.endsInANumber(ascii)) {
            long address = Ipv4.parse(ascii);
            return address < 0 ? null : Ipv4.serialize(address);
        }
        return ascii;
    }

    /** "Domain to ASCII" with beStrict false, or null for failure. */
    static @Nullable String toAscii(String domain) {
        @Nullable String result;
        if (isAscii(domain) && !hasPunycodeLabel(domain)) {
            result = domain.toLowerCase(Locale.ROOT); // what UTS #46 amounts to here, without loading ICU
        } else {
            result = Uts46.toAscii(domain);
        }
        if (result == null || result.isEmpty()) return null;
        for (int i = 0; i < result.length(); i++) {
            char c = result.charAt(i);
            if (c <= 0x1f || c == 0x7f || FORBIDDEN_DOMAIN.indexOf(c) >= 0) return null;
        }
        return result;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) >= 0x80) return false;
        return true;
    }

    private static boolean hasPunycodeLabel(String s) {
        int start = 0;
        while (true) {
            if (s.regionMatches(true, start, "xn--", 0, 4)) return true;
            int dot = s.indexOf('.', start);
            if (dot < 0) return false;
            start = dot + 1;
        }
    }
}
