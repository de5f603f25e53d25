package io.spinneret.internal;

import io.spinneret.annotations.Renderer;
import java.util.List;
import java.util.Map;

/**
 * A spider as the runtime sees it: implemented by the generated {@code <Spider>_Dispatch} class of
 * every {@code @Spider}, so the runtime never reflects on user classes.
 */
public interface SpiderDefinition {
    /** The {@code @Spider(name)}. */
    String name();

    /** The fully qualified name of the spider class, for messages. */
    String className();

    List<String> startUrls();

    Renderer renderer();

    /** The spider's {@code @Spider(settings)} entries, {@code key=value}, already checked by the processor. */
    List<String> settings();

    /** Callback names, sorted. */
    List<String> callbacks();

    /**
     * Callback name to the CSS selector its pages must contain ({@code @Parse(requires)}), for
     * {@link Renderer#AUTO}; only callbacks that state one. Generated for spiders that have any.
     */
    default Map<String, String> requiredSelectors() {
        return Map.of();
    }

    /**
     * Callback name to what it looks for on its page ({@link PageNeeds}), for {@link Renderer#AUTO};
     * only the callbacks whose selectors the processor could read. Generated for spiders that have any.
     */
    default Map<String, PageNeeds> pageNeeds() {
        return Map.of();
    }

    /** Errback names ({@code @Errback} methods), sorted. */
    default List<String> errbacks() {
        return List.of();
    }

    /**
     * New instances of the spider's {@code @ItemProcessors}, in their order; one list per crawl.
     * Generated dispatch classes of spiders with processors override this.
     */
    default List<ProcessorLink> newProcessors() {
        return List.of();
    }

    /** A new spider instance bound to a dispatcher; one per crawl. */
    Dispatcher newDispatcher();

    /** The spider's {@code @Arg} fields, in declaration order; empty for most spiders. */
    default List<ArgumentSpec> arguments() {
        return List.of();
    }

    /**
     * A new spider instance with its {@code @Arg} fields set from {@code arguments} (defaults for
     * those not given), bound to a dispatcher.
     *
     * @throws io.spinneret.api.SpiderArgumentException if an argument is not declared, a required
     *     one is missing, or a value does not parse ({@link SpiderArguments#check})
     */
    default Dispatcher newDispatcher(Map<String, String> arguments) {
        SpiderArguments.check(this, arguments);
        return newDispatcher();
    }
}
