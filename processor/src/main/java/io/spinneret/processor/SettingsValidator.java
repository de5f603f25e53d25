package io.spinneret.processor;

import io.spinneret.annotations.Setting;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Checks {@code @Spider(settings = {...})} with the same catalogue the runtime uses
 * ({@link Setting}): each entry {@code key=value}, a known key, a value of the right type.
 * Problems go on the offending array element.
 */
final class SettingsValidator {
    private SettingsValidator() {}

    static void validate(TypeElement spider, AnnotationMirror mirror, Report report) {
        for (AnnotationValue value : Annotations.array(mirror, "settings")) {
            if (!(value.getValue() instanceof String entry)) continue;
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                report.error(spider, mirror, value, Message.MALFORMED_SETTING.format(entry));
                continue;
            }
            String key = entry.substring(0, eq).trim();
            String raw = entry.substring(eq + 1);
            Optional<Setting> setting = Setting.byKey(key);
            if (setting.isEmpty()) {
                report.error(
                        spider,
                        mirror,
                        value,
                        Message.UNKNOWN_SETTING.format(
                                key, Suggestions.didYouMean(key, Setting.keys()), String.join(", ", Setting.keys())));
                continue;
            }
            Optional<String> problem = setting.get().check(raw);
            problem.ifPresent(p -> report.error(
                    spider,
                    mirror,
                    value,
                    Message.BAD_SETTING_VALUE.format(
                            key,
                            p,
                            "default is \"" + setting.get().defaultValue() + "\": "
                                    + setting.get().description())));
        }
    }
}
