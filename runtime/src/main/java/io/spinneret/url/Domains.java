package io.spinneret.url;

import crawlercommons.domains.EffectiveTldFinder;
import java.util.Locale;

/** Registrable domains, for link scopes and page budgets alike. Stateless. */
public final class Domains {
    private Domains() {}

    /**
     * The registrable domain of a host (public suffix plus one label, private suffixes such as
     * {@code github.io} included), by crawler-commons' copy of the Public Suffix List; the host
     * itself for an IP address, a single label or a host under no known suffix.
     */
    public static String registrable(String host) {
        if (host.isEmpty() || host.startsWith("[") || host.indexOf(':') >= 0 || host.matches("[0-9.]+")) return host;
        String d = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return d == null || d.isEmpty() ? host : d.toLowerCase(Locale.ROOT);
    }
}
