package io.spinneret.processor;

import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import org.jspecify.annotations.Nullable;

/**
 * Checks a spider's {@code @Follow} rules, each problem on its literal: {@code callback} and
 * {@code on} name {@code @Parse} callbacks ({@code [UnknownCallback]}), {@code css} selectors
 * parse, {@code allow}/{@code deny} regexes and {@code allowGlob}/{@code denyGlob} globs compile,
 * {@code tags} and {@code attrs} are plain names (see {@link LinkLiterals}). Prints nothing.
 */
final class FollowValidator {
    private static final List<String> CHECKED =
            List.of("css", "allow", "deny", "allowGlob", "denyGlob", "tags", "attrs");

    private FollowValidator() {}

    static Report validate(
            @Nullable Trees trees,
            TypeElement spider,
            String spiderName,
            List<String> callbacks,
            List<String> errbacks) {
        Report report = new Report();
        List<AnnotationMirror> rules = FollowRules.of(spider);
        if (rules.isEmpty()) return report;
        FollowTrees at = new FollowTrees(trees, spider);
        for (int i = 0; i < rules.size(); i++) {
            AnnotationMirror follow = rules.get(i);
            AnnotationValue callback = Annotations.explicit(follow, "callback");
            if (callback != null && callback.getValue() instanceof String name && !callbacks.contains(name)) {
                at.error(
                        report,
                        i,
                        follow,
                        "callback",
                        0,
                        callback,
                        Suggestions.unknownCallback(name, spiderName, callbacks, errbacks));
            }
            List<String> checked = new ArrayList<>(CHECKED);
            checked.add("on");
            for (String attribute : checked) {
                List<? extends AnnotationValue> values = Annotations.array(follow, attribute);
                for (int j = 0; j < values.size(); j++) {
                    if (!(values.get(j).getValue() instanceof String literal)) continue;
                    String problem = attribute.equals("on")
                            ? callbacks.contains(literal)
                                    ? null
                                    : Suggestions.unknownCallback(literal, spiderName, callbacks, errbacks)
                            : LinkLiterals.check(attribute, literal).orElse(null);
                    if (problem != null) at.error(report, i, follow, attribute, j, values.get(j), problem);
                }
            }
        }
        return report;
    }
}
