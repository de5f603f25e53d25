package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.internal.ItemSchema;
import java.util.List;

/**
 * What a callback or errback emitted ({@link CollectingCrawl#emitted}), to be stored: its requests,
 * its items with their schemas (one each), and whether an inline fetch was cut short by the crawl's
 * stop (then it is incomplete and the lease is requeued instead).
 */
record Emitted(List<Request> requests, List<Object> items, List<ItemSchema<?>> itemSchemas, boolean stoppedInline) {}
