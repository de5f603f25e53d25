package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.links.LinkRule;
import io.spinneret.links.Links;
import io.spinneret.settings.Settings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a 2xx page leads to besides its callback (its meta refresh is a redirect: {@link Redirects}): the links of
 * the spider's {@code @Follow} rules (none from a page whose robots directives say
 * {@code nofollow}, and no {@code rel="nofollow"} link when {@code skip_nofollow_links} is on);
 * and whether its items are dropped because it says {@code noindex} ({@code respect_robots_meta}).
 * Thread-safe.
 */
final class PageFollowing {
    private final List<LinkRule> rules;
    private final boolean robotsMeta;
    private final boolean skipNofollowLinks;

    PageFollowing(List<LinkRule> rules, Settings settings) {
        this.rules = List.copyOf(rules);
        this.robotsMeta = settings.getBoolean(Setting.RESPECT_ROBOTS_META);
        this.skipNofollowLinks = settings.getBoolean(Setting.SKIP_NOFOLLOW_LINKS);
    }

    /** The requests of the rules that read pages of {@code callback}, each link once (by the first rule that selects it). */
    List<Request> links(String callback, Response page) {
        if (rules.isEmpty() || !page.isHtml() || robotsMeta && page.robots().contains("nofollow")) return List.of();
        List<Request> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Links links = page.links();
        for (LinkRule rule : rules) {
            if (!rule.appliesTo(callback)) continue;
            var selector = skipNofollowLinks ? rule.selector().skipNofollow(true) : rule.selector();
            for (String url : links.select(selector).urls()) {
                if (seen.add(url))
                    page.follow(url, rule.callback(), rule.priority()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** Whether the items of {@code page} are dropped: it says {@code noindex} and {@code respect_robots_meta} is on. */
    boolean dropsItems(Response page) {
        return robotsMeta && page.robots().contains("noindex");
    }
}
