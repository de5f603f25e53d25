package io.spinneret.processor;

import java.util.List;

/**
 * One {@code @Follow} of a spider, with the annotation's defaults filled in, as the dispatch
 * generator writes it into the spider's {@code linkRules()}.
 *
 * @param scope the constant name of the {@code Follow.Scope}
 */
record LinkRuleModel(
        List<String> css,
        List<String> tags,
        List<String> attrs,
        List<String> allow,
        List<String> deny,
        List<String> allowGlob,
        List<String> denyGlob,
        String callback,
        int priority,
        List<String> on,
        String scope) {}
