package io.spinneret.testreport;

/** A test that failed or ended in an error: {@code Class.method} and the first line of what it said. */
record TestFailure(String test, String message) {}
