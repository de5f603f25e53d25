package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;

/**
 * When a known page is due again. With {@code recrawl_after = 0} (the default) every known page is
 * due at every re-crawl. With {@code recrawl_after > 0} each page has an interval of its own,
 * starting at {@code recrawl_after}: halved after a visit that found it changed, doubled after one
 * that found it unchanged, never below {@code recrawl_after} nor above {@code recrawl_max_interval}.
 * A page is due once its interval has passed since it was last fetched; due pages with the shortest
 * interval (those that change often) are requested first.
 *
 * @param min {@code recrawl_after} in seconds
 * @param max {@code recrawl_max_interval} in seconds
 */
public record RevisitInterval(long min, long max) {

    public static RevisitInterval from(Settings settings) {
        long min = settings.getDuration(Setting.RECRAWL_AFTER).toSeconds();
        long max =
                Math.max(min, settings.getDuration(Setting.RECRAWL_MAX_INTERVAL).toSeconds());
        return new RevisitInterval(min, max);
    }

    /** The interval of a page fetched for the first time. */
    public long first() {
        return min;
    }

    /** The interval after a visit that found the page changed. */
    public long afterChange(long interval) {
        return Math.max(min, Math.min(max, interval / 2));
    }

    /** The interval after a visit that found the page unchanged. */
    public long afterUnchanged(long interval) {
        return Math.max(min, Math.min(max, interval > max / 2 ? max : interval * 2));
    }

    /** Whether a page with this record is to be requested again at {@code now} (seconds since the epoch). */
    public boolean isDue(PageRecord record, long now) {
        return min == 0 || now - record.fetchedAt() >= Math.min(max, Math.max(min, record.interval()));
    }
}
