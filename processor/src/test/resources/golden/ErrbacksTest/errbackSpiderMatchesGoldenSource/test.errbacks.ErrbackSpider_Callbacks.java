package test.errbacks;

import javax.annotation.processing.Generated;

/**
 * Callback names of spider {@code errbacks} ({@link ErrbackSpider}).
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class ErrbackSpider_Callbacks {
    /**
     * Handled by {@code detail()}.
     */
    public static final String DETAIL = "detail";

    /**
     * Handled by {@code parse()}.
     */
    public static final String PARSE = "parse";

    /**
     * Errback: failures handled by {@code elsewhere()}.
     */
    public static final String ELSEWHERE = "elsewhere";

    /**
     * Errback: failures handled by {@code recordGone()}.
     */
    public static final String GONE = "gone";

    /**
     * Errback: failures handled by {@code logged()}.
     */
    public static final String LOGGED = "logged";

    private ErrbackSpider_Callbacks() {
    }
}
