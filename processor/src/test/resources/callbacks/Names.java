package test.callbacks;

/** Constants used from other classes, to check imports and static imports. */
public final class Names {
    public static final String REMOTE = "remote";

    private Names() {}
}
