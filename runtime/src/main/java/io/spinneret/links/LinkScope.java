package io.spinneret.links;

import crawlercommons.domains.EffectiveTldFinder;
import io.spinneret.annotations.Follow;
import java.net.URI;
import java.util.Locale;

/** Whether a link stays within a {@link Follow.Scope} of the page it is on. Stateless. */
final class LinkScope {
    private LinkScope() {}

    static boolean allows(Follow.Scope scope, URI page, URI link) {
        return switch (scope) {
            case ALL -> true;
            case SAME_HOST -> host(page).equals(host(link));
            case SAME_ORIGIN -> host(page).equals(host(link)) && scheme(page).equals(scheme(link)) && port(page) == port(link);
            case SAME_DOMAIN -> registrableDomain(host(page)).equals(registrableDomain(host(link)));
        };
    }

    /**
     * The registrable domain of a host (public suffix plus one label, private suffixes such as
     * {@code github.io} included), by crawler-commons' copy of the Public Suffix List; the host
     * itself for an IP address, a single label or a host under no known suffix.
     */
    static String registrableDomain(String host) {
        if (host.isEmpty() || host.startsWith("[") || host.indexOf(':') >= 0 || host.matches("[0-9.]+")) return host;
        String d = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return d == null || d.isEmpty() ? host : d.toLowerCase(Locale.ROOT);
    }

    static String host(URI u) {
        String h = u.getHost();
        return h == null ? "" : h.toLowerCase(Locale.ROOT);
    }

    private static String scheme(URI u) {
        return u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    }

    /** The port, or the scheme's default. */
    static int port(URI u) {
        if (u.getPort() >= 0) return u.getPort();
        return "https".equals(scheme(u)) ? 443 : 80;
    }
}
