package io.spinneret.processor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/** Validates each {@code @Item} and generates its serializer; isolating (one record per file). */
final class ItemStep {
    private final ProcessingEnvironment env;
    private final ProcessingState state;
    private final ItemValidator validator;
    private final ItemReader reader;

    ItemStep(ProcessingEnvironment env, ProcessingState state) {
        this.env = env;
        this.state = state;
        this.validator = new ItemValidator(env.getTypeUtils());
        this.reader = new ItemReader(env.getTypeUtils());
    }

    void process(RoundEnvironment round, TypeElement annotation) {
        Set<TypeElement> items = new LinkedHashSet<>();
        for (String name : state.deferredItems) {
            TypeElement t = env.getElementUtils().getTypeElement(name);
            if (t != null) items.add(t);
        }
        state.deferredItems.clear();
        if (annotation != null) items.addAll(ElementFilter.typesIn(round.getElementsAnnotatedWith(annotation)));
        for (TypeElement item : items) {
            state.sources.add(item.getQualifiedName().toString());
            if (!round.processingOver() && refersToMissingTypes(item)) {
                state.deferredItems.add(item.getQualifiedName().toString());
                continue;
            }
            try {
                Report report = validator.validate(item);
                report.print(env.getMessager(), null);
                if (report.hasErrors()) continue;
                ItemModel model = reader.read(item);
                SerializerGenerator.generate(model, item).writeTo(env.getFiler());
                state.serializers.add(model.serializer());
            } catch (IOException | RuntimeException | TypeMapper.Unsupported e) {
                SpinneretProcessor.internalError(env.getMessager(), item, e);
            }
        }
    }

    private static boolean refersToMissingTypes(TypeElement item) {
        if (item.getKind() != ElementKind.RECORD) return false;
        List<Element> components = new ArrayList<>(item.getRecordComponents());
        for (Element c : components) {
            if (Types2.containsError(((RecordComponentElement) c).asType())) return true;
        }
        return false;
    }
}
