package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import io.spinneret.spi.PageRecords;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The "no longer linked" rule ({@code recrawl_removed_when_unlinked}): at the end of a re-crawl
 * that requested every known page and finished, the pages that no chain of links leads to from the
 * start requests are removed, as a 404 removes a page: the record is dropped, the page counted as
 * {@code recrawl/removed} and told to the listeners, and its items deleted or
 * flagged as {@code recrawl_removed_items} says. The links are those the records keep (the
 * requests each page's callback yielded at its last parse; an unchanged page keeps those of its
 * last parse). A page reached through a redirect is reached if the URL it was redirected from is.
 * If any record does not know its links (kept by a crawl with the rule off, or a callback that
 * threw), nothing is removed: a page could be linked from it.
 */
public final class UnlinkedPages {
    private static final Logger LOG = LoggerFactory.getLogger(UnlinkedPages.class);
    /** The meta key of a redirect's chain of URLs (the engine's {@code Redirects.URLS}). */
    static final String REDIRECT_URLS = "redirect_urls";

    private UnlinkedPages() {}

    /**
     * Applies the rule if it is on and {@code seeded} was a full re-crawl.
     *
     * @param start the crawl's start requests
     * @param removals removes a page, with the records it reads
     * @return how many pages were removed
     */
    public static int remove(
            Settings settings, RecrawlSeeds.Seeded seeded, List<Request> start, PageRemovals removals) {
        if (!settings.getBoolean(Setting.RECRAWL_REMOVED_WHEN_UNLINKED) || !seeded.full()) return 0;
        if (start.isEmpty()) {
            LOG.warn("recrawl_removed_when_unlinked: the crawl has no start requests to follow links from;"
                    + " no page is removed as unlinked");
            return 0;
        }
        Map<Fingerprint, PageRecord> known = new HashMap<>();
        Map<Fingerprint, List<Fingerprint>> aliases = new HashMap<>(); // a redirect's source -> its target
        int unknownLinks = 0;
        List<Fingerprint> unreadable = new ArrayList<>();
        for (var entry : snapshot(removals.records()).entrySet()) {
            PageRecord r;
            try {
                r = PageRecord.decode(entry.getValue());
            } catch (IllegalArgumentException e) {
                unreadable.add(entry.getKey());
                continue;
            }
            known.put(entry.getKey(), r);
            if (r.links() == null) unknownLinks++;
            if (r.request().meta().get(REDIRECT_URLS) instanceof List<?> chain) {
                for (Object url : chain) {
                    Fingerprint from = Request.of(String.valueOf(url)).fingerprint();
                    aliases.computeIfAbsent(from, k -> new ArrayList<>()).add(entry.getKey());
                }
            }
        }
        if (unknownLinks > 0 || !unreadable.isEmpty()) {
            LOG.warn(
                    "recrawl_removed_when_unlinked: the links of {} known pages are not known (last parsed with the"
                            + " rule off, or their callback failed); no page is removed as unlinked. A re-crawl with"
                            + " recrawl_emit_unchanged=true parses every page and keeps its links",
                    unknownLinks + unreadable.size());
            return 0;
        }
        Set<Fingerprint> reached = new HashSet<>();
        ArrayDeque<Fingerprint> queue = new ArrayDeque<>();
        for (Request r : start) queue.add(r.fingerprint());
        while (!queue.isEmpty()) {
            Fingerprint fp = queue.poll();
            if (!reached.add(fp)) continue;
            for (Fingerprint target : aliases.getOrDefault(fp, List.of())) queue.add(target);
            PageRecord r = known.get(fp);
            if (r != null && r.links() != null) queue.addAll(r.links());
        }
        int removed = 0;
        for (var entry : known.entrySet()) {
            if (reached.contains(entry.getKey())) continue;
            removals.remove(entry.getValue().request(), entry.getValue());
            removed++;
        }
        if (removed > 0)
            LOG.info("recrawl_removed_when_unlinked: {} known pages are no longer linked, removed", removed);
        return removed;
    }

    private static Map<Fingerprint, byte[]> snapshot(PageRecords records) {
        Map<Fingerprint, byte[]> all = new HashMap<>();
        records.forEach(all::put);
        return all;
    }
}
