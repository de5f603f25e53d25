package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads a spider's {@code @Follow} rules through mirrors: one written alone, or several that
 * javac has put in their {@code @Follow.List} container, in source order.
 */
final class FollowRules {
    private FollowRules() {}

    static List<AnnotationMirror> of(TypeElement spider) {
        List<AnnotationMirror> out = new ArrayList<>();
        Annotations.find(spider, Names.FOLLOW).ifPresent(out::add);
        Annotations.find(spider, Names.FOLLOW_LIST).ifPresent(list -> {
            for (AnnotationValue v : Annotations.array(list, "value")) {
                if (v.getValue() instanceof AnnotationMirror m) out.add(m);
            }
        });
        return out;
    }

    /** The model of one rule, with the annotation's defaults where an attribute is not written. */
    static LinkRuleModel model(AnnotationMirror follow) {
        List<String> tags = Annotations.strings(follow, "tags");
        List<String> attrs = Annotations.strings(follow, "attrs");
        AnnotationValue priority = Annotations.explicit(follow, "priority");
        return new LinkRuleModel(
                Annotations.strings(follow, "css"),
                Annotations.explicit(follow, "tags") == null ? List.of("a", "area") : tags,
                Annotations.explicit(follow, "attrs") == null ? List.of("href") : attrs,
                Annotations.strings(follow, "allow"),
                Annotations.strings(follow, "deny"),
                Annotations.strings(follow, "allowGlob"),
                Annotations.strings(follow, "denyGlob"),
                Annotations.string(follow, "callback", "parse"),
                priority != null && priority.getValue() instanceof Integer i ? i : 0,
                Annotations.strings(follow, "on"),
                Annotations.enumName(follow, "scope", "SAME_HOST"));
    }
}
