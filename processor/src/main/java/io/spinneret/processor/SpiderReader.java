package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import io.spinneret.annotations.ArgType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Elements;

/** Builds the {@link SpiderModel} of a spider that {@link SpiderValidator} accepted. */
final class SpiderReader {
    private final Elements elements;
    private final ReturnTypes returnTypes;

    SpiderReader(Elements elements, ReturnTypes returnTypes) {
        this.elements = elements;
        this.returnTypes = returnTypes;
    }

    /** @param processors the spider's item processors, as {@link ItemProcessorsValidator} read them */
    SpiderModel read(TypeElement spider, List<ProcessorModel> processors, Map<String, PageNeedsModel> pageNeeds)
            throws ReturnTypes.Rejected {
        AnnotationMirror mirror = Annotations.find(spider, Names.SPIDER).orElseThrow();
        List<CallbackModel> callbacks = new ArrayList<>();
        List<CallbackModel> errbacks = new ArrayList<>();
        for (ExecutableElement method : ParseMethods.of(spider, elements)) {
            (ParseMethods.isErrback(method) ? errbacks : callbacks)
                    .add(model(ParseMethods.callbackName(method), method));
        }
        callbacks.sort(Comparator.comparing(CallbackModel::name));
        errbacks.sort(Comparator.comparing(CallbackModel::name));
        List<ExecutableElement> starts = ParseMethods.start(spider, elements);
        CallbackModel start = starts.isEmpty() ? null : model("@Start", starts.get(0));
        List<ExecutableElement> blocked = ParseMethods.blocked(spider, elements);
        return new SpiderModel(
                ClassName.get(spider),
                !spider.getTypeParameters().isEmpty(),
                Annotations.string(mirror, "name", ""),
                Annotations.strings(mirror, "startUrls"),
                Annotations.enumName(mirror, "renderer", "HTTP"),
                Annotations.strings(mirror, "settings"),
                callbacks,
                errbacks,
                start,
                arguments(spider),
                FollowRules.of(spider).stream().map(FollowRules::model).toList(),
                processors,
                RequiredSelectors.of(spider, elements),
                pageNeeds,
                blocked.isEmpty() ? null : blocked.get(0).getSimpleName().toString());
    }

    private static List<ArgumentModel> arguments(TypeElement spider) {
        List<ArgumentModel> out = new ArrayList<>();
        for (VariableElement field : ArgumentFields.of(spider)) {
            AnnotationMirror arg = Annotations.find(field, Names.ARG).orElseThrow();
            ArgType type = Objects.requireNonNull(ArgumentFields.typeOf(field.asType()));
            boolean isEnum = type == ArgType.ENUM;
            AnnotationValue defaultValue = Annotations.explicit(arg, "defaultValue");
            out.add(new ArgumentModel(
                    field.getSimpleName().toString(),
                    ArgumentFields.name(field),
                    type,
                    isEnum ? ClassName.get((TypeElement) ((DeclaredType) field.asType()).asElement()) : null,
                    isEnum ? ArgumentFields.constants(field.asType()) : List.of(),
                    defaultValue != null ? (String) defaultValue.getValue() : null,
                    Annotations.string(arg, "help", "")));
        }
        return out;
    }

    private CallbackModel model(String name, ExecutableElement method) throws ReturnTypes.Rejected {
        List<CallbackModel.Parameter> parameters = new ArrayList<>();
        for (VariableElement p : method.getParameters()) {
            parameters.add(
                    switch (String.valueOf(SpiderValidator.parameterType(p.asType()))) {
                        case "Response" -> CallbackModel.Parameter.RESPONSE;
                        case "Failure" -> CallbackModel.Parameter.FAILURE;
                        case "List<String>" -> CallbackModel.Parameter.START_URLS;
                        default -> CallbackModel.Parameter.CRAWL;
                    });
        }
        return new CallbackModel(
                name, method.getSimpleName().toString(), parameters, returnTypes.classify(method.getReturnType()));
    }
}
