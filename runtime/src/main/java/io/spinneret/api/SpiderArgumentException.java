package io.spinneret.api;

/**
 * A spider argument ({@code -a name=value}) the spider does not declare, a required one missing,
 * or a value that does not parse as the argument's type. The message names the problem and lists
 * the spider's arguments with their types and defaults; the command line reports it as a usage
 * error (exit 2).
 */
public class SpiderArgumentException extends SpinneretException {
    public SpiderArgumentException(String message) {
        super(message);
    }
}
