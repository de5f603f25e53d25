package io.spinneret.download.browser;

import io.spinneret.api.SpinneretException;

/**
 * No Chromium to render with. A configuration problem, not a network one: retrying does not help,
 * so it is not an {@link java.io.IOException}. The message names the {@code browser_path} setting
 * and the install command.
 */
public final class BrowserNotFoundException extends SpinneretException {
    public BrowserNotFoundException(String message) {
        super(message);
    }
}
