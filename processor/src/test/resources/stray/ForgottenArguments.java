package test.stray;

import io.spinneret.annotations.Arg;

/** Has an argument, but its @Spider was forgotten. */
public class ForgottenArguments {
    @Arg(defaultValue = "1")
    int pages;
}
