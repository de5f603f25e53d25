package io.spinneret.download.guard;

import java.io.IOException;

/**
 * A connection refused by {@code network_boundary}: the host resolved to an address of a kind the
 * crawl may not reach. Retrying cannot help (the same name resolves the same way), so this is a
 * failure of its own class, with the host, the address and the kind in the message.
 */
public final class BlockedAddressException extends IOException {
    public BlockedAddressException(String message) {
        super(message);
    }
}
