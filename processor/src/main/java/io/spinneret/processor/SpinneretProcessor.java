package io.spinneret.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.ClassName;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.StandardLocation;
import org.jspecify.annotations.Nullable;

/**
 * The Spinneret annotation processor. For each {@code @Spider} it generates
 * {@code <Spider>_Dispatch} (a {@code switch} over callback names) and {@code <Spider>_Callbacks};
 * for each {@code @Item}, {@code <Item>_Serializer}; and once per compilation a registry listed in
 * {@code META-INF/services/io.spinneret.internal.SpiderRegistry}. It reports misspelled callbacks,
 * bad signatures, unknown settings and unparsable selectors as compile errors on the exact spot.
 *
 * <p>This class only hands rounds to the steps. Option {@code -Aspinneret.registry=com.example.Registry}
 * names the registry class; by default it is {@code GeneratedSpiderRegistry} in the package of
 * the alphabetically first spider or item of the compilation.
 */
@AutoService(Processor.class)
public final class SpinneretProcessor extends AbstractProcessor {
    /** Option naming the registry class. */
    public static final String REGISTRY_OPTION = "spinneret.registry";

    private final ProcessingState state = new ProcessingState();
    private @Nullable SpiderStep spiders;
    private @Nullable ItemStep items;
    private @Nullable StrayCallbacks strays;

    @Override
    public synchronized void init(ProcessingEnvironment processingEnv) {
        super.init(processingEnv);
        Trees trees = null;
        try {
            trees = Trees.instance(processingEnv);
        } catch (RuntimeException | LinkageError e) {
            // Not javac, or an IDE wraps the environment: literals in method bodies are then
            // checked at run time only.
            processingEnv
                    .getMessager()
                    .printMessage(
                            Diagnostic.Kind.NOTE,
                            "Spinneret: the javac Tree API is not available here; callback and selector literals are checked at run time");
        }
        spiders = new SpiderStep(processingEnv, state, trees);
        items = new ItemStep(processingEnv, state);
        strays = new StrayCallbacks(processingEnv, state);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(Names.SPIDER, Names.ITEM, Names.PARSE, Names.ERRBACK, Names.START, Names.BLOCKED, Names.ARG);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(REGISTRY_OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        TypeElement item = null;
        TypeElement spider = null;
        for (TypeElement a : annotations) {
            if (a.getQualifiedName().contentEquals(Names.ITEM)) item = a;
            if (a.getQualifiedName().contentEquals(Names.SPIDER)) spider = a;
        }
        int seen = state.sources.size();
        items.process(round, item);
        spiders.process(round, spider);
        strays.collect(round, annotations);
        if (round.processingOver()) strays.report();
        boolean quiet =
                state.sources.size() == seen && state.deferredSpiders.isEmpty() && state.deferredItems.isEmpty();
        if (round.errorRaised()) return true;
        // The registry is written in the first round that brings no new spider or item (usually the
        // one after they were generated), so that it is compiled like any source, without javac's
        // "created in the last round" warning. Should a later round bring more, they go into one
        // more registry class; the service file, written last, lists them all.
        if ((quiet || round.processingOver()) && hasUnregistered()) writeRegistryChunk();
        if (round.processingOver() && !state.registries.isEmpty()) writeServiceFile();
        return true; // Spinneret's annotations are for this processor only
    }

    private boolean hasUnregistered() {
        return state.dispatches.stream().anyMatch(s -> !state.registered.contains(s.dispatch()))
                || !state.registered.containsAll(state.serializers);
    }

    private void writeRegistryChunk() {
        List<RegisteredSpider> dispatches = state.dispatches.stream()
                .filter(s -> !state.registered.contains(s.dispatch()))
                .toList();
        List<ClassName> serializers = state.serializers.stream()
                .filter(n -> !state.registered.contains(n))
                .toList();
        ClassName registry = registryName();
        if (registry == null) return;
        if (!state.registries.isEmpty()) {
            registry = ClassName.get(registry.packageName(), registry.simpleName() + (state.registries.size() + 1));
        }
        try {
            RegistryGenerator.generate(registry, dispatches, serializers).writeTo(processingEnv.getFiler());
            state.registries.add(registry);
            dispatches.forEach(s -> state.registered.add(s.dispatch()));
            state.registered.addAll(serializers);
        } catch (IOException | RuntimeException e) {
            processingEnv
                    .getMessager()
                    .printMessage(
                            Diagnostic.Kind.ERROR,
                            "[InternalError] could not write the spider registry " + registry + ": " + e);
        }
    }

    private void writeServiceFile() {
        try (Writer w = processingEnv
                .getFiler()
                .createResource(StandardLocation.CLASS_OUTPUT, "", Names.REGISTRY_SERVICE)
                .openWriter()) {
            for (ClassName registry : state.registries) w.write(registry.reflectionName() + "\n");
        } catch (IOException | RuntimeException e) {
            processingEnv
                    .getMessager()
                    .printMessage(
                            Diagnostic.Kind.ERROR,
                            "[InternalError] could not write " + Names.REGISTRY_SERVICE + ": " + e);
        }
    }

    private @Nullable ClassName registryName() {
        Messager messager = processingEnv.getMessager();
        String option = processingEnv.getOptions().get(REGISTRY_OPTION);
        ClassName registry;
        if (option != null && !option.isBlank()) {
            if (!option.matches("([A-Za-z_$][A-Za-z0-9_$]*\\.)*[A-Za-z_$][A-Za-z0-9_$]*")) {
                messager.printMessage(
                        Diagnostic.Kind.ERROR,
                        "[BadRegistryName] -A" + REGISTRY_OPTION + "=" + option
                                + " is not a fully qualified class name; write it like com.example.spiders.SpiderRegistry");
                return null;
            }
            int dot = option.lastIndexOf('.');
            registry = ClassName.get(dot < 0 ? "" : option.substring(0, dot), option.substring(dot + 1));
        } else {
            String first = state.sources.iterator().next();
            TypeElement type = processingEnv.getElementUtils().getTypeElement(first);
            String pkg = type != null
                    ? Names.packageOf(type)
                    : first.contains(".") ? first.substring(0, first.lastIndexOf('.')) : "";
            registry = ClassName.get(pkg, Names.REGISTRY_SIMPLE_NAME);
        }
        return registry;
    }

    /** Reports an unexpected exception on the type being processed, so only that type is lost. */
    static void internalError(Messager messager, Element type, Throwable e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        messager.printMessage(Diagnostic.Kind.ERROR, Message.INTERNAL_ERROR.format(type, e, trace), type);
    }
}
