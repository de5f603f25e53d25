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
 * The {@code allowed_domains} setting: the hosts a crawl's links and redirects may lead to, each
 * domain with its subdomains ({@code example.com} allows {@code www.example.com}, not
 * {@code badexample.com}); ports do not matter. Start requests and requests marked dont-filter (a
 * retry's next attempt, say) always pass. Thread-safe.
 */
final class AllowedDomains {
    private static final Logger LOG = LoggerFactory.getLogger(AllowedDomains.class);
    /** Hosts already named in the debug log; bounded, so a crawl of a link farm does not grow it forever. */
    private static final int LOGGED_HOSTS = 1_000;

    private final List<String> domains;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    private AllowedDomains(List<String> domains) {
        this.domains = domains;
    }

    /** The filter for these domains, or null when the list is empty (every host allowed). */
    static @Nullable AllowedDomains of(List<String> domains) {
        if (domains.isEmpty()) return null;
        return new AllowedDomains(domains.stream().map(d -> d.toLowerCase(Locale.ROOT)).toList());
    }

    /** Whether {@code url}'s host is one of the domains or under one. */
    boolean allows(String url) {
        String host = Urls.host(url);
        for (String d : domains) {
            if (host.equals(d) || (host.endsWith(d) && host.charAt(host.length() - d.length() - 1) == '.')) return true;
        }
        if (logged.size() < LOGGED_HOSTS && logged.add(host)) {
            LOG.debug("not following links to {}: not in allowed_domains {} (counted as dropped/offsite)", host, domains);
        }
        return false;
    }
}
