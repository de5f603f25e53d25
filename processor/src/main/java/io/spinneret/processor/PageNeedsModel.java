package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * What one callback looks for on its page, as {@link PageNeedsReader} read it from the body; the
 * generated {@code pageNeeds()} hands it to the runtime as an {@code io.spinneret.internal.PageNeeds}.
 *
 * @param css the CSS selector literals given to the response, in source order, each once
 * @param xpath the XPath literals given to the response
 * @param yieldsItems whether the callback yields items (emits them, or returns them)
 */
record PageNeedsModel(List<String> css, List<String> xpath, boolean yieldsItems) {
    /** For the note: the selectors, and whether items are expected. */
    String describe() {
        List<String> all = new ArrayList<>(css);
        for (String x : xpath) all.add("xpath " + x);
        String selectors = all.isEmpty() ? "no selector" : "\"" + String.join("\", \"", all) + "\"";
        return selectors + (yieldsItems ? ", and on yielding an item" : ", and on yielding an item or a request");
    }
}
