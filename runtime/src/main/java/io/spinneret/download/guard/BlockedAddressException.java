package io.spinneret.download.guard;

import io.spinneret.api.PermanentFailureException;

/**
 * A connection refused by {@code network_boundary}: the host resolved to an address of a kind the
 * crawl may not reach. Retrying cannot help (the same name resolves the same way), so it is never
 * retried (a {@link PermanentFailureException}), with the host, the address and the kind in the message.
 */
public final class BlockedAddressException extends PermanentFailureException {
    public BlockedAddressException(String message) {
        super(message);
    }
}
