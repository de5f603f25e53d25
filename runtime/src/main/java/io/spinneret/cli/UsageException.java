package io.spinneret.cli;

import io.spinneret.api.SpinneretException;

/** A mistake on the command line or in the configuration: exit code 2. */
final class UsageException extends SpinneretException {
    UsageException(String message) {
        super(message);
    }
}
