package io.spinneret.engine;

import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.ItemSchema;
import io.spinneret.pipeline.ItemSchemas;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Crawl} handed to one callback: collects the requests and items it emits, which the
 * engine then pushes and stores when the callback returns. Used by one thread.
 */
final class CollectingCrawl implements Crawl {
    private final Response response;
    private final ItemSchemas schemas;
    final ArrayList<Request> requests = new ArrayList<>();
    final ArrayList<Object> items = new ArrayList<>(2);
    final ArrayList<ItemSchema<?>> itemSchemas = new ArrayList<>(2);

    CollectingCrawl(Response response, ItemSchemas schemas) {
        this.response = response;
        this.schemas = schemas;
    }

    @Override
    public Response response() {
        return response;
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
            throw new SpinneretException("emitted " + item.getClass().getName()
                    + ", which is not an @Item record of any spider registry");
        }
        items.add(item);
        itemSchemas.add(schema);
    }

    List<Request> requests() {
        return requests;
    }
}
