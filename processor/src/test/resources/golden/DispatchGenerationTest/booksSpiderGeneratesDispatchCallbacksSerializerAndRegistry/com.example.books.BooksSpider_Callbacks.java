package com.example.books;

import javax.annotation.processing.Generated;

/**
 * Callback names of spider {@code books} ({@link BooksSpider}).
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class BooksSpider_Callbacks {
    /**
     * Handled by {@code detail()}.
     */
    public static final String DETAIL = "detail";

    /**
     * Handled by {@code parse()}.
     */
    public static final String PARSE = "parse";

    private BooksSpider_Callbacks() {
    }
}
