package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a re-crawl: queues a conditional request ({@link ConditionalRequests#revisit}) for every
 * known page that is due ({@link RevisitInterval}), those with the shortest interval first. Every
 * known page is thus requested from its record, whether or not the pages linking to it changed:
 * the site's shape is kept without storing any page's links, and the callbacks of changed pages
 * find the new ones (their known links are filtered as seen). On a job that knows no page yet, a
 * re-crawl is a first crawl: it starts from the start URLs and every page is new.
 */
public final class RecrawlSeeds {
    private static final Logger LOG = LoggerFactory.getLogger(RecrawlSeeds.class);
    private static final int BATCH = 1_000;

    private RecrawlSeeds() {}

    /**
     * Queues the due pages when {@code recrawl} is set; does nothing otherwise.
     *
     * @return how many pages were known and how many were queued
     * @throws SpinneretException if the scheduler keeps no page records
     */
    public static Seeded push(Scheduler scheduler, Settings settings) {
        return push(scheduler, settings, Clock.systemUTC());
    }

    static Seeded push(Scheduler scheduler, Settings settings, Clock clock) {
        if (!settings.getBoolean(Setting.RECRAWL)) return Seeded.NONE;
        PageRecords records = scheduler.pageRecords();
        if (records == null) {
            throw new SpinneretException("--recrawl needs a scheduler that keeps page records (sqlite or redis); "
                    + scheduler.getClass().getSimpleName() + " keeps none");
        }
        RevisitInterval interval = RevisitInterval.from(settings);
        boolean validators = !settings.getBoolean(Setting.RECRAWL_EMIT_UNCHANGED);
        long now = clock.instant().getEpochSecond();
        List<PageRecord> due = new ArrayList<>();
        long[] known = {0};
        records.forEach((fp, bytes) -> {
            known[0]++;
            PageRecord r;
            try {
                r = PageRecord.decode(bytes);
            } catch (IllegalArgumentException e) {
                LOG.warn("page record {} is unreadable ({}): that page is not requested again", fp, e.getMessage());
                return;
            }
            if (interval.isDue(r, now)) due.add(r);
        });
        if (known[0] == 0) {
            LOG.info(
                    "re-crawl: no page is known yet, so this is a first crawl from the start URLs; every page it fetches"
                            + " is new and kept for the next --recrawl");
            return Seeded.NONE;
        }
        due.sort(Comparator.comparingLong(PageRecord::interval).thenComparingLong(PageRecord::fetchedAt));
        long queued = 0;
        for (int i = 0; i < due.size(); i += BATCH) {
            List<PageRecord> batch = due.subList(i, Math.min(due.size(), i + BATCH));
            queued += scheduler.pushAll(batch.stream()
                    .map(r -> ConditionalRequests.revisit(r, validators))
                    .toList());
        }
        LOG.info(
                "re-crawl: {} of {} known pages are due and queued{}",
                queued,
                known[0],
                validators ? ", with their validators" : ", without validators (recrawl_emit_unchanged)");
        return new Seeded(known[0], queued);
    }

    /**
     * What a re-crawl queued.
     *
     * @param known the pages known when it started
     * @param queued the requests queued for them (the due ones)
     */
    public record Seeded(long known, long queued) {
        static final Seeded NONE = new Seeded(0, 0);

        /** A re-crawl that requested every known page (of a job that knew some). */
        public boolean full() {
            return known > 0 && queued == known;
        }
    }
}
