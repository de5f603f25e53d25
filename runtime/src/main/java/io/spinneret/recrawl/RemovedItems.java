package io.spinneret.recrawl;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;
import java.util.Locale;

/**
 * What becomes of the stored items of a page a re-crawl found removed ({@code recrawl_removed_items}):
 * kept, deleted, or flagged with the time the page went ({@link io.spinneret.spi.ItemRemovals}).
 */
public enum RemovedItems {
    /** Left as they are (the default). */
    KEEP,
    /** Deleted from a database output, by key. */
    DELETE,
    /** Kept in a database output with their {@code _removed_at} set, until written again. */
    FLAG;

    /** The mode the {@code recrawl_removed_items} setting names. */
    public static RemovedItems of(Settings settings) {
        return valueOf(settings.getChoice(Setting.RECRAWL_REMOVED_ITEMS).toUpperCase(Locale.ROOT));
    }

    /** Whether page records keep the keys of the items their pages yielded: to act on them when a page goes. */
    public boolean keepsKeys() {
        return this != KEEP;
    }

    /** The counter of the items this mode deleted or flagged: {@code items/deleted}, {@code items/flagged}. */
    public String counter() {
        return this == FLAG ? "items/flagged" : "items/deleted";
    }

    /** The setting's value, as a user writes it. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
