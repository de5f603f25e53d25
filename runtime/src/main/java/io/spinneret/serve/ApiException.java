package io.spinneret.serve;

/** A request the API refuses, with the HTTP status and a message for the caller. */
final class ApiException extends RuntimeException {
    private final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
