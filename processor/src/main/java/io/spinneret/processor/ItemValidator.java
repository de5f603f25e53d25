package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * Checks an {@code @Item}: a record, accessible, not generic, every component storable, exactly
 * one key naming a component. Returns a report and prints nothing.
 */
final class ItemValidator {
    private final Types types;

    ItemValidator(Types types) {
        this.types = types;
    }

    Report validate(TypeElement type) {
        Report report = new Report();
        AnnotationMirror item = Annotations.find(type, Names.ITEM).orElseThrow();
        if (type.getKind() != ElementKind.RECORD) {
            return report.error(type, item, Message.ITEM_NOT_RECORD.format(describe(type), type.getSimpleName()));
        }
        for (Element e = type; e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                report.error(
                        type,
                        item,
                        Message.ITEM_NOT_ACCESSIBLE.format(
                                e == type ? "record" : "enclosing class", ((TypeElement) e).getQualifiedName()));
                break;
            }
        }
        if (!type.getTypeParameters().isEmpty())
            report.error(type, item, Message.ITEM_GENERIC.format(type.getSimpleName()));

        TypeMapper mapper = new TypeMapper(types, Names.packageOf(type));
        List<String> names = new ArrayList<>();
        for (RecordComponentElement c : type.getRecordComponents()) {
            names.add(c.getSimpleName().toString());
            try {
                mapper.map(c.asType());
            } catch (TypeMapper.Unsupported e) {
                report.error(c, Message.UNSUPPORTED_COMPONENT.format(c.getSimpleName(), c.asType(), e.getMessage()));
            }
        }
        checkKey(type, item, names, report, mapper);
        ConstraintReader.read(type, mapper, report);
        FileFields.check(type, report);
        return report;
    }

    private void checkKey(
            TypeElement type, AnnotationMirror item, List<String> names, Report report, TypeMapper mapper) {
        AnnotationValue keyValue = Annotations.explicit(item, "key");
        String key = keyValue != null ? (String) keyValue.getValue() : "";
        String list = String.join(", ", names);
        String chosen = null;
        if (!key.isEmpty()) {
            if (!names.contains(key)) {
                report.error(
                        type,
                        item,
                        keyValue,
                        Message.UNKNOWN_KEY.format(
                                key, type.getSimpleName(), Suggestions.didYouMean(key, names), list));
            } else {
                chosen = key;
            }
        }
        String keyed = null;
        for (RecordComponentElement c : type.getRecordComponents()) {
            Optional<AnnotationMirror> k = Annotations.find(c, Names.KEY);
            if (k.isEmpty()) continue;
            String name = c.getSimpleName().toString();
            if (keyed != null) {
                report.error(
                        c,
                        k.get(),
                        Message.DUPLICATE_KEY.format(
                                "components '" + keyed + "' and '" + name + "' are both annotated @Key"));
            } else if (!key.isEmpty() && !key.equals(name)) {
                report.error(
                        c,
                        k.get(),
                        Message.DUPLICATE_KEY.format(
                                "@Item(key = \"" + key + "\") and @Key on '" + name + "' name different keys"));
            }
            if (keyed == null) keyed = name;
            if (chosen == null && key.isEmpty()) chosen = name;
        }
        if (key.isEmpty() && keyed == null) {
            report.error(
                    type, item, Message.MISSING_KEY.format(type.getSimpleName(), names.isEmpty() ? "(none)" : list));
        }
        if (chosen != null) {
            for (RecordComponentElement c : type.getRecordComponents()) {
                if (!c.getSimpleName().contentEquals(chosen)) continue;
                try {
                    if (mapper.map(c.asType()).fieldType().equals("JSON"))
                        report.error(c, Message.BAD_KEY_TYPE.format(chosen));
                } catch (TypeMapper.Unsupported ignored) {
                    // already reported
                }
            }
        }
    }

    static String describe(TypeElement type) {
        return switch (type.getKind()) {
            case CLASS -> "a class";
            case INTERFACE -> "an interface";
            case ENUM -> "an enum";
            case ANNOTATION_TYPE -> "an annotation type";
            case RECORD -> "a record";
            default -> type.getKind().toString().toLowerCase(Locale.ROOT);
        };
    }
}
