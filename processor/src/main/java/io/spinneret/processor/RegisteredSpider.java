package io.spinneret.processor;

import com.palantir.javapoet.ClassName;

/**
 * A spider as the registry lists it: its name and class, which the registry tells without making
 * its definition, and the generated dispatch class that is that definition.
 *
 * @param name the {@code @Spider} name
 * @param spiderClass the spider class's binary name, as its definition's {@code className()} gives it
 * @param dispatch the generated {@code <Spider>_Dispatch} class
 */
record RegisteredSpider(String name, String spiderClass, ClassName dispatch) {}
