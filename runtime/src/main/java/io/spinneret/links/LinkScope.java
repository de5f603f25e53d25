package io.spinneret.links;

import crawlercommons.domains.EffectiveTldFinder;
import io.spinneret.annotations.Follow;
import io.spinneret.url.HttpUrl;
import java.util.Locale;

/** Whether a link stays within a {@link Follow.Scope} of the page it is on. Stateless. */
final class LinkScope {
    private LinkScope() {}

    static boolean allows(Follow.Scope scope, HttpUrl page, HttpUrl link) {
        return switch (scope) {
            case ALL -> true;
            case SAME_HOST -> page.host().equals(link.host());
            case SAME_ORIGIN -> page.host().equals(link.host()) && page.scheme().equals(link.scheme())
                    && page.portOrDefault() == link.portOrDefault();
            case SAME_DOMAIN -> registrableDomain(page.host()).equals(registrableDomain(link.host()));
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
}
