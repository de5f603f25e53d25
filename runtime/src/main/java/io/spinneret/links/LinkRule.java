package io.spinneret.links;

import java.util.List;

/**
 * A spider's link rule, one {@code @Follow}: the links that {@code selector} picks on the pages
 * of the callbacks in {@code on} (every callback's when empty) are followed to {@code callback}
 * with {@code priority}. Built by generated code from the annotation, which the processor has
 * checked. Immutable.
 */
public record LinkRule(LinkSelector selector, String callback, int priority, List<String> on) {
    public LinkRule {
        on = List.copyOf(on);
    }

    /** Whether this rule reads the pages of {@code pageCallback}. */
    public boolean appliesTo(String pageCallback) {
        return on.isEmpty() || on.contains(pageCallback);
    }
}
