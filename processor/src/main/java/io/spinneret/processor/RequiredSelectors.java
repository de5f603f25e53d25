package io.spinneret.processor;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The {@code @Parse(requires = "...")} selectors of a spider, which {@code renderer = AUTO} checks
 * HTTP pages against: each must parse as a jsoup selector ({@code [BadSelector]} on the literal).
 */
final class RequiredSelectors {
    private RequiredSelectors() {}

    /** Reports each {@code requires} selector that does not parse. */
    static Report validate(TypeElement spider, Elements elements) {
        Report report = new Report();
        for (ExecutableElement method : callbacks(spider, elements)) {
            AnnotationMirror parse = ParseMethods.annotation(method);
            AnnotationValue value = Annotations.explicit(parse, "requires");
            if (value == null || !(value.getValue() instanceof String css) || css.isEmpty()) continue;
            SelectorLiterals.css(css).ifPresent(problem -> report.error(method, parse, value, problem));
        }
        return report;
    }

    /** Callback name to its non-empty {@code requires} selector, sorted by name. */
    static Map<String, String> of(TypeElement spider, Elements elements) {
        Map<String, String> out = new TreeMap<>();
        for (ExecutableElement method : callbacks(spider, elements)) {
            String css = Annotations.string(ParseMethods.annotation(method), "requires", "");
            if (!css.isEmpty()) out.putIfAbsent(ParseMethods.callbackName(method), css);
        }
        return out;
    }

    private static List<ExecutableElement> callbacks(TypeElement spider, Elements elements) {
        return ParseMethods.of(spider, elements).stream()
                .filter(m -> !ParseMethods.isErrback(m))
                .toList();
    }
}
