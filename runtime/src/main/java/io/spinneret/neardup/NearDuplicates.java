package io.spinneret.neardup;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Response;
import io.spinneret.scheduler.memory.MemorySimHashIndex;
import io.spinneret.settings.Settings;
import io.spinneret.spi.SimHashIndex;
import io.spinneret.spi.Stats;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code near_duplicates} for one crawl: after a callback has parsed an HTML page, the SimHash of
 * the page's main text is looked up in the scheduler's {@link SimHashIndex}, which answers with
 * the first page of its group, if any; such a page is counted ({@value #PAGES}), and with
 * {@code drop} the engine drops the items its callback yielded (as {@code items_dropped/near_duplicate}),
 * and without {@code near_duplicates_follow} the requests (counted in {@value #LINKS_NOT_FOLLOWED}).
 * Thread-safe.
 */
public final class NearDuplicates {
    private static final Logger LOG = LoggerFactory.getLogger(NearDuplicates.class);

    /** The stats key of the pages found to be near duplicates of an earlier page. */
    public static final String PAGES = "near_duplicate/pages";
    /** The stats key of the requests of near-duplicate pages not followed. */
    public static final String LINKS_NOT_FOLLOWED = "near_duplicate/links_not_followed";
    /** The reason of the items dropped with their page ({@code items_dropped/near_duplicate}). */
    public static final String REASON = "near_duplicate";

    private final SimHashIndex index;
    private final Stats stats;
    private final boolean dropsItems;
    private final boolean followsLinks;

    private NearDuplicates(SimHashIndex index, Stats stats, boolean dropsItems, boolean followsLinks) {
        this.index = index;
        this.stats = stats;
        this.dropsItems = dropsItems;
        this.followsLinks = followsLinks;
    }

    /**
     * What the settings ask for, with the groups kept in the scheduler's {@code index}, or in this
     * process for a scheduler that keeps none; null when {@code near_duplicates} is {@code off}.
     */
    public static @Nullable NearDuplicates from(Settings settings, @Nullable SimHashIndex index, Stats stats) {
        String mode = settings.getChoice(Setting.NEAR_DUPLICATES);
        if (mode.equals("off")) return null;
        return new NearDuplicates(
                index != null ? index : new MemorySimHashIndex(),
                stats,
                mode.equals("drop"),
                settings.getBoolean(Setting.NEAR_DUPLICATES_FOLLOW));
    }

    /**
     * The first page of the group {@code page} falls into, counted, or null if the page is the
     * first of its group, not HTML, or has too little text to compare.
     */
    public @Nullable String firstOf(Response page) {
        if (!page.isHtml()) return null;
        OptionalLong hash = SimHash.of(PageText.of(page.document()));
        if (hash.isEmpty()) return null;
        String first = index.firstNear(hash.getAsLong(), page.url());
        if (first != null) {
            stats.increment(PAGES);
            LOG.debug("{} is a near duplicate of {}", page.url(), first);
        }
        return first;
    }

    /** Whether a near-duplicate page's items are dropped ({@code near_duplicates = drop}). */
    public boolean dropsItems() {
        return dropsItems;
    }

    /** Whether a near-duplicate page's requests are followed ({@code near_duplicates_follow}). */
    public boolean followsLinks() {
        return followsLinks;
    }
}
