package io.spinneret.processor;

import io.spinneret.annotations.ArgType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Checks the {@code @Arg} fields of a spider: a supported type, a field generated code can set,
 * a valid name used once, and a default that parses as the type. Returns a report and prints
 * nothing.
 */
final class ArgumentValidator {
    private final Elements elements;

    ArgumentValidator(Elements elements) {
        this.elements = elements;
    }

    Report validate(TypeElement spider) {
        Report report = new Report();
        Map<String, VariableElement> byName = new HashMap<>();
        String spiderPackage = elements.getPackageOf(spider).getQualifiedName().toString();
        for (VariableElement field : ArgumentFields.of(spider)) {
            AnnotationMirror mirror = Annotations.find(field, Names.ARG).orElseThrow();
            String fieldName = field.getSimpleName().toString();
            String problem = modifierProblem(field, spiderPackage);
            if (problem != null) report.error(field, mirror, Message.ARG_NOT_SETTABLE.format(fieldName, problem));
            ArgType type = ArgumentFields.typeOf(field.asType());
            if (type == null) {
                report.error(field, mirror, Message.ARG_UNSUPPORTED_TYPE.format(fieldName, field.asType()));
            }
            String name = ArgumentFields.name(field);
            AnnotationValue nameValue = Annotations.explicit(mirror, "name");
            if (!SpiderValidator.CALLBACK.matcher(name).matches()) {
                report.error(field, mirror, nameValue, Message.ARG_BAD_NAME.format(name));
            } else {
                VariableElement previous = byName.putIfAbsent(name, field);
                if (previous != null) {
                    report.error(
                            field,
                            mirror,
                            nameValue,
                            Message.ARG_DUPLICATE.format(name, previous.getSimpleName(), fieldName));
                }
            }
            AnnotationValue defaultValue = Annotations.explicit(mirror, "defaultValue");
            if (type != null && defaultValue != null && defaultValue.getValue() instanceof String d) {
                List<String> choices = type == ArgType.ENUM ? ArgumentFields.constants(field.asType()) : List.of();
                type.check(d, choices)
                        .ifPresent(why ->
                                report.error(field, mirror, defaultValue, Message.ARG_BAD_DEFAULT.format(name, why)));
            }
        }
        return report;
    }

    /** Why generated code in the spider's package cannot set the field, or null if it can. */
    private @Nullable String modifierProblem(VariableElement field, String spiderPackage) {
        if (field.getModifiers().contains(Modifier.PRIVATE)) return "private";
        if (field.getModifiers().contains(Modifier.STATIC)) return "static";
        if (field.getModifiers().contains(Modifier.FINAL)) return "final";
        TypeElement owner = (TypeElement) field.getEnclosingElement();
        boolean samePackage = elements.getPackageOf(owner).getQualifiedName().contentEquals(spiderPackage);
        if (!field.getModifiers().contains(Modifier.PUBLIC) && !samePackage) {
            return "declared in " + owner.getQualifiedName() + " of another package and not public";
        }
        return null;
    }
}
