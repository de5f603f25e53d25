package io.spinneret.engine;

import io.spinneret.api.Urls;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code allowed_domains} setting: the hosts a crawl's links and redirects may lead to. A
 * domain name allows itself and its subdomains ({@code example.com} allows {@code www.example.com},
 * not {@code badexample.com}), on any port; {@code host:port} allows that port only; an IP address
 * or IPv6 literal ({@code 127.0.0.1}, {@code [::1]}, {@code ::1}, {@code [::1]:8080}) allows that
 * address only. Start requests and requests marked dont-filter (a retry's next attempt, say)
 * always pass. Thread-safe.
 */
final class AllowedDomains {
    private static final Logger LOG = LoggerFactory.getLogger(AllowedDomains.class);
    /** Hosts already named in the debug log; bounded, so a crawl of a link farm does not grow it forever. */
    private static final int LOGGED_HOSTS = 1_000;

    /** One entry: a host (bracketed if IPv6), whether subdomains count, and the port or -1 for any. */
    private record Entry(String host, boolean subdomains, int port) {
        static Entry parse(String entry) {
            String e = entry.trim().toLowerCase(Locale.ROOT);
            if (e.indexOf(':') != e.lastIndexOf(':') && !e.startsWith("["))
                return new Entry("[" + e + "]", false, -1); // bare IPv6
            String host = e;
            int port = -1;
            int colon = e.lastIndexOf(':');
            if (colon > 0 && colon > e.lastIndexOf(']')) {
                host = e.substring(0, colon);
                port = Integer.parseInt(e.substring(colon + 1));
            }
            boolean ip = host.startsWith("[") || host.matches("[0-9.]+");
            return new Entry(host, !ip, port);
        }

        boolean allows(String host, String url) {
            boolean hostMatches = host.equals(this.host)
                    || subdomains
                            && host.endsWith(this.host)
                            && host.charAt(host.length() - this.host.length() - 1) == '.';
            return hostMatches && (port < 0 || Urls.port(url) == port);
        }
    }

    private final List<String> domains;
    private final List<Entry> entries;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    private AllowedDomains(List<String> domains) {
        this.domains = domains;
        this.entries = domains.stream().map(Entry::parse).toList();
    }

    /** The filter for these domains, or null when the list is empty (every host allowed). */
    static @Nullable AllowedDomains of(List<String> domains) {
        if (domains.isEmpty()) return null;
        return new AllowedDomains(domains);
    }

    /** Whether {@code url}'s host (and port, where an entry names one) is allowed. */
    boolean allows(String url) {
        String host = Urls.host(url);
        for (Entry e : entries) {
            if (e.allows(host, url)) return true;
        }
        if (logged.size() < LOGGED_HOSTS && logged.add(host)) {
            LOG.debug(
                    "not following links to {}: not in allowed_domains {} (counted as dropped/offsite)", host, domains);
        }
        return false;
    }
}
