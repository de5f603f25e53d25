package io.spinneret.scheduler.memory;

import io.spinneret.spi.PageBudget;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The page budgets of a crawl in this process: per host and per domain, the fingerprints admitted
 * (at most the budget's size each). Thread-safe: one lock per decision.
 */
public final class MemoryPageBudget implements PageBudget {
    private final Map<String, Set<String>> hosts = new HashMap<>();
    private final Map<String, Set<String>> domains = new HashMap<>();

    @Override
    public synchronized Verdict admit(
            String host, String domain, String fingerprint, long maxPerHost, long maxPerDomain) {
        Set<String> h = maxPerHost > 0 ? hosts.computeIfAbsent(host, k -> new HashSet<>()) : null;
        Set<String> d = maxPerDomain > 0 ? domains.computeIfAbsent(domain, k -> new HashSet<>()) : null;
        if ((h != null && h.contains(fingerprint)) || (h == null && d != null && d.contains(fingerprint)))
            return Verdict.ADMITTED;
        if (h != null && h.size() >= maxPerHost) return Verdict.HOST_SPENT;
        if (d != null && d.size() >= maxPerDomain) return Verdict.DOMAIN_SPENT;
        if (h != null) h.add(fingerprint);
        if (d != null) d.add(fingerprint);
        return Verdict.ADMITTED;
    }
}
