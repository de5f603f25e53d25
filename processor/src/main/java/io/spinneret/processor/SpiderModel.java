package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * A {@code @Spider} class as the dispatch generator needs it.
 *
 * @param type the spider class
 * @param generic whether the class has type parameters (instantiated with {@code <>})
 * @param callbacks sorted by callback name
 */
record SpiderModel(ClassName type, boolean generic, String name, List<String> startUrls, String renderer,
                   List<String> settings, List<CallbackModel> callbacks) {

    ClassName dispatch() {
        return ClassName.get(type.packageName(), String.join("_", type.simpleNames()) + "_Dispatch");
    }

    ClassName constants() {
        return ClassName.get(type.packageName(), String.join("_", type.simpleNames()) + "_Callbacks");
    }

    List<String> callbackNames() {
        return callbacks.stream().map(CallbackModel::name).toList();
    }
}
