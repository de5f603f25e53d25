package io.spinneret.processor;

import java.util.List;

/**
 * One {@code @Parse}, {@code @Errback} or {@code @Start} method.
 *
 * @param name the callback (or errback) name requests use
 * @param method the Java method name
 * @param parameters the arguments to pass, in order
 * @param result how the return value is handed to the crawl
 */
record CallbackModel(String name, String method, List<Parameter> parameters, Result result) {

    /** What a callback parameter receives. */
    enum Parameter {
        RESPONSE,
        FAILURE,
        CRAWL,
        START_URLS
    }

    /** The outer shape of the return type. */
    enum Shape {
        VOID,
        SINGLE,
        ITERABLE,
        ARRAY,
        STREAM,
        OPTIONAL
    }

    /** What the values are: items, requests, or only known at run time (checked by {@code Emit.value}). */
    enum Element {
        ITEM,
        REQUEST,
        ANY
    }

    record Result(Shape shape, Element element) {
        static final Result VOID = new Result(Shape.VOID, Element.ANY);
    }
}
