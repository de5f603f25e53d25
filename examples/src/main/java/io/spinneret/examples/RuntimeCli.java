package io.spinneret.examples;

/** Calls the Spinneret CLI of the runtime in this process and returns its exit code. */
final class RuntimeCli {
    private RuntimeCli() {}

    static int execute(String[] args) {
        throw new UnsupportedOperationException("the runtime CLI is not available yet");
    }
}
