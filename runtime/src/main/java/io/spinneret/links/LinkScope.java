package io.spinneret.links;

import io.spinneret.annotations.Follow;
import io.spinneret.url.Domains;
import io.spinneret.url.HttpUrl;

/** Whether a link stays within a {@link Follow.Scope} of the page it is on. Stateless. */
final class LinkScope {
    private LinkScope() {}

    static boolean allows(Follow.Scope scope, HttpUrl page, HttpUrl link) {
        return switch (scope) {
            case ALL -> true;
            case SAME_HOST -> page.host().equals(link.host());
            case SAME_ORIGIN ->
                page.host().equals(link.host())
                        && page.scheme().equals(link.scheme())
                        && page.portOrDefault() == link.portOrDefault();
            case SAME_DOMAIN -> Domains.registrable(page.host()).equals(Domains.registrable(link.host()));
        };
    }
}
