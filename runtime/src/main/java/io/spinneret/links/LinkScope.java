package io.spinneret.links;

import io.spinneret.annotations.Follow;
import io.spinneret.url.Domains;
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
            case SAME_DOMAIN -> Domains.registrable(host(page)).equals(Domains.registrable(host(link)));
        };
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
