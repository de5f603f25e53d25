package io.spinneret.settings;

import io.spinneret.api.SpinneretException;

/** A setting with an unknown key or a value of the wrong type; the message names key, layer and file. */
public class InvalidSettingException extends SpinneretException {
    public InvalidSettingException(String message) {
        super(message);
    }
}
