package io.spinneret.processor;

import com.sun.source.util.Trees;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import org.jspecify.annotations.Nullable;

/**
 * Validates each {@code @Spider} (class, callbacks, settings, then the literals in its method
 * bodies) and generates its dispatch table and callback constants; isolating.
 */
final class SpiderStep {
    private final ProcessingEnvironment env;
    private final ProcessingState state;
    private final @Nullable Trees trees;
    private final SpiderValidator validator;
    private final SpiderReader reader;
    private final ArgumentValidator arguments;
    private final ItemProcessorsValidator processors;

    SpiderStep(ProcessingEnvironment env, ProcessingState state, @Nullable Trees trees) {
        this.env = env;
        this.state = state;
        this.trees = trees;
        ReturnTypes returnTypes = new ReturnTypes(env.getElementUtils(), env.getTypeUtils());
        this.validator = new SpiderValidator(env.getElementUtils(), returnTypes);
        this.reader = new SpiderReader(env.getElementUtils(), returnTypes);
        this.arguments = new ArgumentValidator(env.getElementUtils());
        this.processors = new ItemProcessorsValidator(env.getElementUtils(), env.getTypeUtils(), trees);
    }

    void process(RoundEnvironment round, @Nullable TypeElement annotation) {
        Set<TypeElement> spiders = new LinkedHashSet<>();
        for (String name : state.deferredSpiders) {
            TypeElement t = env.getElementUtils().getTypeElement(name);
            if (t != null) spiders.add(t);
        }
        state.deferredSpiders.clear();
        if (annotation != null) spiders.addAll(ElementFilter.typesIn(round.getElementsAnnotatedWith(annotation)));

        // Callback constants of every spider of this round first, so bodies may use X_Callbacks.Y
        // before that class is generated.
        for (TypeElement spider : spiders) {
            Map<String, String> constants = new LinkedHashMap<>();
            for (var m : ParseMethods.of(spider, env.getElementUtils())) {
                String callback = ParseMethods.callbackName(m);
                constants.putIfAbsent(Names.constantName(callback), callback);
            }
            state.callbackConstants.put(Names.flatName(spider) + "_Callbacks", constants);
        }

        for (TypeElement spider : spiders) {
            String qualified = spider.getQualifiedName().toString();
            state.sources.add(qualified);
            state.spiderClasses.add(qualified);
            try {
                SpiderValidator.Outcome outcome = validator.validate(spider);
                if (outcome.unresolved() && !round.processingOver()) {
                    state.deferredSpiders.add(qualified);
                    continue;
                }
                Report report = outcome.report().addAll(arguments.validate(spider));
                checkUniqueName(spider, report);
                report.addAll(followRules(spider));
                report.addAll(RequiredSelectors.validate(spider, env.getElementUtils()));
                List<ProcessorModel> itemProcessors = processors.validate(spider, report);
                if (!report.hasErrors() && trees != null) {
                    report.addAll(new BodyScanner(trees, env.getElementUtils(), state).scan(spider));
                }
                Map<String, PageNeedsModel> pageNeeds = report.hasErrors() || trees == null
                        ? Map.of()
                        : PageNeedsReader.read(trees, spider, env.getElementUtils(), report);
                report.print(env.getMessager(), trees);
                if (report.hasErrors()) continue;
                SpiderModel model = reader.read(spider, itemProcessors, pageNeeds);
                DispatchGenerator.generate(model, spider).writeTo(env.getFiler());
                CallbacksGenerator.generate(model, spider).writeTo(env.getFiler());
                state.dispatches.add(
                        new RegisteredSpider(model.name(), model.type().reflectionName(), model.dispatch()));
            } catch (IOException | RuntimeException | ReturnTypes.Rejected e) {
                SpinneretProcessor.internalError(env.getMessager(), spider, e);
            }
        }
    }

    private Report followRules(TypeElement spider) {
        var handlers = ParseMethods.of(spider, env.getElementUtils());
        var callbacks = handlers.stream()
                .filter(m -> !ParseMethods.isErrback(m))
                .map(ParseMethods::callbackName)
                .sorted()
                .distinct()
                .toList();
        var errbacks = handlers.stream()
                .filter(ParseMethods::isErrback)
                .map(ParseMethods::callbackName)
                .sorted()
                .distinct()
                .toList();
        String name = Annotations.find(spider, Names.SPIDER)
                .map(m -> Annotations.string(m, "name", ""))
                .orElse("");
        return FollowValidator.validate(trees, spider, name, callbacks, errbacks);
    }

    private void checkUniqueName(TypeElement spider, Report report) {
        AnnotationMirror mirror = Annotations.find(spider, Names.SPIDER).orElseThrow();
        String name = Annotations.string(mirror, "name", "");
        if (name.isEmpty()) return;
        String qualified = spider.getQualifiedName().toString();
        String previous = state.spiderNames.putIfAbsent(name, qualified);
        if (previous != null && !previous.equals(qualified)) {
            report.error(
                    spider,
                    mirror,
                    Annotations.explicit(mirror, "name"),
                    Message.DUPLICATE_SPIDER.format(name, previous));
        }
    }
}
