package test.shapes;

import javax.annotation.processing.Generated;

/**
 * Callback names of spider {@code shapes} ({@link ShapesSpider}).
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class ShapesSpider_Callbacks {
    /**
     * Handled by {@code array()}.
     */
    public static final String ARRAY = "array";

    /**
     * Handled by {@code counter()}.
     */
    public static final String COUNTER = "counter";

    /**
     * Handled by {@code crawlFirst()}.
     */
    public static final String CRAWL_FIRST = "crawlFirst";

    /**
     * Handled by {@code crawlOnly()}.
     */
    public static final String CRAWL_ONLY = "crawlOnly";

    /**
     * Handled by {@code emptyOptional()}.
     */
    public static final String EMPTY_OPTIONAL = "emptyOptional";

    /**
     * Handled by {@code generic()}.
     */
    public static final String GENERIC = "generic";

    /**
     * Handled by {@code interfaces()}.
     */
    public static final String INTERFACES = "interfaces";

    /**
     * Handled by {@code item()}.
     */
    public static final String ITEM = "item";

    /**
     * Handled by {@code iterable()}.
     */
    public static final String ITERABLE = "iterable";

    /**
     * Handled by {@code list()}.
     */
    public static final String LIST = "list";

    /**
     * Handled by {@code mixed()}.
     */
    public static final String MIXED = "mixed";

    /**
     * Handled by {@code nothing()}.
     */
    public static final String NOTHING = "nothing";

    /**
     * Handled by {@code nullItem()}.
     */
    public static final String NULL_ITEM = "nullItem";

    /**
     * Handled by {@code objects()}.
     */
    public static final String OBJECTS = "objects";

    /**
     * Handled by {@code optional()}.
     */
    public static final String OPTIONAL = "optional";

    /**
     * Handled by {@code parse()}.
     */
    public static final String PARSE = "parse";

    /**
     * Handled by {@code request()}.
     */
    public static final String REQUEST = "request";

    /**
     * Handled by {@code stream()}.
     */
    public static final String STREAM = "stream";

    /**
     * Handled by {@code failing()}.
     */
    public static final String THROWS = "throws";

    /**
     * Handled by {@code wildcardSet()}.
     */
    public static final String WILDCARD_SET = "wildcardSet";

    private ShapesSpider_Callbacks() {
    }
}
