package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/** Builds the {@link SpiderModel} of a spider that {@link SpiderValidator} accepted. */
final class SpiderReader {
    private final Elements elements;
    private final ReturnTypes returnTypes;

    SpiderReader(Elements elements, ReturnTypes returnTypes) {
        this.elements = elements;
        this.returnTypes = returnTypes;
    }

    SpiderModel read(TypeElement spider) throws ReturnTypes.Rejected {
        AnnotationMirror mirror = Annotations.find(spider, Names.SPIDER).orElseThrow();
        List<CallbackModel> callbacks = new ArrayList<>();
        List<CallbackModel> errbacks = new ArrayList<>();
        for (ExecutableElement method : ParseMethods.of(spider, elements)) {
            List<CallbackModel.Parameter> parameters = new ArrayList<>();
            for (VariableElement p : method.getParameters()) {
                String type = SpiderValidator.parameterType(p.asType());
                parameters.add("Response".equals(type) ? CallbackModel.Parameter.RESPONSE
                        : "Failure".equals(type) ? CallbackModel.Parameter.FAILURE : CallbackModel.Parameter.CRAWL);
            }
            (ParseMethods.isErrback(method) ? errbacks : callbacks).add(new CallbackModel(ParseMethods.callbackName(method),
                    method.getSimpleName().toString(), parameters, returnTypes.classify(method.getReturnType())));
        }
        callbacks.sort(Comparator.comparing(CallbackModel::name));
        errbacks.sort(Comparator.comparing(CallbackModel::name));
        return new SpiderModel(ClassName.get(spider), !spider.getTypeParameters().isEmpty(),
                Annotations.string(mirror, "name", ""), strings(mirror, "startUrls"),
                Annotations.enumName(mirror, "renderer", "HTTP"), strings(mirror, "settings"), callbacks, errbacks);
    }

    private static List<String> strings(AnnotationMirror mirror, String attribute) {
        List<String> out = new ArrayList<>();
        for (AnnotationValue v : Annotations.array(mirror, attribute)) {
            if (v.getValue() instanceof String s) out.add(s);
        }
        return out;
    }
}
