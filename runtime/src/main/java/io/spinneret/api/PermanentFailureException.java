package io.spinneret.api;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * A download failure that another attempt cannot mend: the body is larger than
 * {@code max_body_size} (refused from its {@code Content-Length} or while it streams in or is
 * decompressed), the server's certificate is not trusted, the URL or its port is invalid. The retry
 * middleware never retries it; the request fails at once, with this message as its reason.
 *
 * <p>A downloader or middleware of your own throws it (or a subclass) for the same kind of
 * failure; an {@link IOException} of any other type counts as transient.
 */
public class PermanentFailureException extends IOException {
    public PermanentFailureException(String message) {
        super(message);
    }

    public PermanentFailureException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
