package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A {@code @Spider} class as the dispatch generator needs it.
 *
 * @param type the spider class
 * @param generic whether the class has type parameters (instantiated with {@code <>})
 * @param callbacks the {@code @Parse} methods, sorted by callback name
 * @param errbacks the {@code @Errback} methods, sorted by name
 * @param start the {@code @Start} method, or null
 * @param arguments the {@code @Arg} fields, in the order {@link ArgumentFields#of} gives
 * @param linkRules the {@code @Follow} rules, in source order
 * @param processors the {@code @ItemProcessors}, in order
 * @param requiredSelectors callback name to its {@code @Parse(requires)} selector, for those that state one
 * @param pageNeeds callback name to what it looks for on its page, for the callbacks whose body could be read
 * @param blocked the name of the {@code @Blocked} method, or null
 */
record SpiderModel(
        ClassName type,
        boolean generic,
        String name,
        List<String> startUrls,
        String renderer,
        List<String> settings,
        List<CallbackModel> callbacks,
        List<CallbackModel> errbacks,
        @Nullable CallbackModel start,
        List<ArgumentModel> arguments,
        List<LinkRuleModel> linkRules,
        List<ProcessorModel> processors,
        Map<String, String> requiredSelectors,
        Map<String, PageNeedsModel> pageNeeds,
        @Nullable String blocked) {

    ClassName dispatch() {
        return ClassName.get(type.packageName(), String.join("_", type.simpleNames()) + "_Dispatch");
    }

    ClassName constants() {
        return ClassName.get(type.packageName(), String.join("_", type.simpleNames()) + "_Callbacks");
    }

    List<String> callbackNames() {
        return callbacks.stream().map(CallbackModel::name).toList();
    }

    List<String> errbackNames() {
        return errbacks.stream().map(CallbackModel::name).toList();
    }
}
