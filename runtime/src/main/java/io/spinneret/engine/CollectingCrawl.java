package io.spinneret.engine;

import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.InlineFetches;
import io.spinneret.writer.ItemSchemas;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Crawl} handed to one callback or errback: collects the requests and items it emits,
 * which the engine then pushes and stores when it returns, and the requests it fetched inline
 * (through its {@link InlineFetches}). Used by one thread.
 */
public final class CollectingCrawl implements Crawl {
    private final @Nullable Response response;
    /** Why there may be no response, for the message when one is asked for. */
    private final String without;

    private final ItemSchemas schemas;
    private final InlineFetches fetches;
    public final ArrayList<Request> requests = new ArrayList<>();
    public final ArrayList<Object> items = new ArrayList<>(2);
    public final ArrayList<ItemSchema<?>> itemSchemas = new ArrayList<>(2);
    /** The requests fetched inline, in order, whatever came of them. */
    public final ArrayList<Request> fetched = new ArrayList<>(0);
    /** An inline fetch was cut short by the crawl's stop: what was emitted is incomplete. */
    boolean stoppedInline;

    /** What the callback emitted, without the response (whose page need not be kept while they are stored). */
    Emitted emitted() {
        return new Emitted(requests, items, itemSchemas, stoppedInline);
    }

    public CollectingCrawl(Response response, ItemSchemas schemas, InlineFetches fetches) {
        this(response, "", schemas, fetches);
    }

    /** For an errback: bound to the failure's response, if one arrived. */
    CollectingCrawl(Failure failure, ItemSchemas schemas, InlineFetches fetches) {
        this(failure.response(), failure.request().url() + " failed with " + failure.reason(), schemas, fetches);
    }

    /** For a {@code @Start} method: no response at all, and nothing to fetch with yet. */
    public static CollectingCrawl forStart(ItemSchemas schemas) {
        return new CollectingCrawl(
                null,
                "a @Start method has none",
                schemas,
                InlineFetches.none("a @Start method runs before the crawl; fetch in the parse callback instead"));
    }

    private CollectingCrawl(@Nullable Response response, String without, ItemSchemas schemas, InlineFetches fetches) {
        this.response = response;
        this.without = without;
        this.schemas = schemas;
        this.fetches = fetches;
    }

    /** @throws SpinneretException in a {@code @Start} method, and in an errback of a request that got no response */
    @Override
    public Response response() {
        if (response == null) {
            throw new SpinneretException("no response to follow links from (" + without
                    + "); schedule absolute URLs with crawl.request(...) instead");
        }
        return response;
    }

    /** @throws FetchException when no 2xx response came; {@code STOPPING} marks this callback's output incomplete */
    @Override
    public Response fetch(Request request) {
        fetched.add(request);
        try {
            return fetches.fetch(request);
        } catch (FetchException e) {
            if (e.kind() == FetchException.Kind.STOPPING) stoppedInline = true;
            throw e;
        }
    }

    @Override
    public void request(Request request) {
        requests.add(request);
    }

    /** @throws SpinneretException if no registry declares the item's class as an {@code @Item} */
    @Override
    public void emit(Object item) {
        ItemSchema<?> schema = schemas.of(item);
        if (schema == null) {
            throw new SpinneretException(
                    "emitted " + item.getClass().getName() + ", which is not an @Item record of any spider registry");
        }
        items.add(item);
        itemSchemas.add(schema);
    }

    List<Request> requests() {
        return requests;
    }
}
