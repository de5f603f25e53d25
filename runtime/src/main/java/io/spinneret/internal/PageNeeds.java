package io.spinneret.internal;

import java.util.List;

/**
 * What one callback looks for on its page, as the annotation processor read it from the callback's
 * body: the selector literals it gives the response, and whether it yields items. For
 * {@code renderer = AUTO}, which judges a callback's HTTP pages by them (see
 * {@code io.spinneret.render.PageJudge}). Generated into {@link SpiderDefinition#pageNeeds()}.
 *
 * @param css the CSS selectors given to {@code css}, {@code cssFirst}, {@code textOf}, {@code attrOf}
 * @param xpath the XPath expressions given to {@code xpath}, {@code xpathTexts}
 * @param yieldsItems whether the callback yields items (it calls {@code emit} or returns them)
 */
public record PageNeeds(List<String> css, List<String> xpath, boolean yieldsItems) {
    public PageNeeds {
        css = List.copyOf(css);
        xpath = List.copyOf(xpath);
    }
}
