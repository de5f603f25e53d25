package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the processor remembers across rounds. Only names are kept: elements are not valid from one
 * round to the next.
 */
final class ProcessingState {
    /** Spider name to the qualified name of the class that declared it. */
    final Map<String, String> spiderNames = new HashMap<>();
    /** Types to look at again next round because they refer to types not generated yet. */
    final Set<String> deferredSpiders = new LinkedHashSet<>();

    final Set<String> deferredItems = new LinkedHashSet<>();
    /** Spiders whose generated dispatch classes go into the registry, sorted by those classes. */
    final Set<RegisteredSpider> dispatches =
            new TreeSet<>(Comparator.comparing(s -> s.dispatch().canonicalName()));

    final Set<ClassName> serializers = new TreeSet<>(Comparator.comparing(ClassName::canonicalName));
    /** Generated classes already listed by a registry class written in an earlier round. */
    final Set<ClassName> registered = new HashSet<>();
    /** Registry classes written so far, in order; all go into the service file. */
    final List<ClassName> registries = new ArrayList<>();
    /** Qualified names of every {@code @Spider} class seen (valid or not). */
    final Set<String> spiderClasses = new TreeSet<>();
    /** Qualified names of the classes declaring {@code @Parse}, {@code @Errback} or {@code @Start} methods. */
    final Set<String> handlerOwners = new TreeSet<>();
    /** Qualified names of every spider and item seen (valid or not), to pick the registry's package. */
    final Set<String> sources = new TreeSet<>();
    /** Simple name of a {@code <Spider>_Callbacks} class to its constants (constant name to callback). */
    final Map<String, Map<String, String>> callbackConstants = new TreeMap<>();
}
