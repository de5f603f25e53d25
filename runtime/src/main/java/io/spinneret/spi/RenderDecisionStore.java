package io.spinneret.spi;

import java.util.Map;
import java.util.Optional;

/**
 * The {@code renderer = auto} decisions of a crawl, kept with its frontier so that a resumed crawl
 * does not decide (nor sample by rendering) again and the nodes of a distributed crawl share what
 * one of them learned: in memory for a memory scheduler, in the job's frontier file for SQLite,
 * under the crawl's keys for Redis. A {@link Scheduler} offers its store through
 * {@link Scheduler#renderDecisionStore()}. One contract suite runs against every implementation.
 *
 * <p>A decision is kept per pattern: a URL pattern and a callback, as {@code io.spinneret.render}
 * names them ({@code 127.0.0.1:8089/catalogue/*.html (parse)}). A later decision replaces an
 * earlier one. Thread-safe; each call is atomic, over all nodes for a shared store.
 */
public interface RenderDecisionStore {
    /** How the pages of a pattern are fetched. */
    enum Decision {
        /** Plain HTTP suffices. */
        HTTP,
        /** The browser is needed. */
        BROWSER
    }

    /** Keeps {@code decision} for {@code pattern}, replacing the one kept before. */
    void put(String pattern, Decision decision);

    /** The decision kept for {@code pattern}, if any. */
    Optional<Decision> get(String pattern);

    /** Every decision kept, by pattern. */
    Map<String, Decision> all();
}
