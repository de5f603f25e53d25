package io.spinneret.items;

/**
 * Thrown by an {@link ItemProcessor} to drop the item it was given. The reason is the stats key
 * ({@code items_dropped/<reason>}) and appears in the summary line, so keep it short and fixed
 * ({@code "out of stock"}, not the item's title); details go into the log at debug level.
 */
public final class DropItem extends RuntimeException {
    private final String reason;

    /** @param reason a short, fixed reason, e.g. {@code "duplicate"} */
    public DropItem(String reason) {
        this(reason, reason);
    }

    /** @param detail what the log says about this item, beside its URL */
    public DropItem(String reason, String detail) {
        super(detail, null, false, false);
        if (reason.isBlank()) throw new IllegalArgumentException("a drop needs a reason");
        this.reason = reason.strip();
    }

    public String reason() {
        return reason;
    }
}
