package io.spinneret.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.ProcessorLink;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ItemChainTest {
    final Stats stats = new Stats();
    final AtomicReference<String> failed = new AtomicReference<>();

    final List<String> dropped = new CopyOnWriteArrayList<>();

    ItemChain chain(String invalidItems, ProcessorLink... links) {
        return new ItemChain(
                List.of(links),
                Settings.defaults().with("invalid_items", invalidItems, "test"),
                stats,
                failed::set,
                (item, reason) -> dropped.add(((Book) item).upc() + " " + reason));
    }

    static Book book(String upc, double price) {
        return new Book("http://h/" + upc, "  Title " + upc + " ", price, upc);
    }

    /** Runs {@code items} (all books) through the chain; returns what is kept. */
    static List<Object> apply(ItemChain chain, Book... items) {
        List<Object> kept = new ArrayList<>(List.of(items));
        List<ItemSchema<?>> schemas = new ArrayList<>();
        for (Book ignored : items) schemas.add(BookSchema.INSTANCE);
        chain.apply(kept, schemas, "http://h/page");
        assertEquals(kept.size(), schemas.size());
        return kept;
    }

    static final ProcessorLink TRIM = ProcessorLink.of(
            Book.class, "Trim", b -> new Book(b.url(), b.title().strip(), b.price(), b.upc()));
    static final ProcessorLink DROP_FREE = ProcessorLink.of(Book.class, "DropFree", b -> {
        if (b.price() == 0) throw new DropItem("free");
        return b;
    });

    @Test
    void processorsTransformInOrderAndDropWithTheirReason() {
        List<String> order = new ArrayList<>();
        ProcessorLink first = ProcessorLink.of(Book.class, "First", b -> {
            order.add("first " + b.upc());
            return b;
        });
        ProcessorLink second = ProcessorLink.of(Book.class, "Second", b -> {
            order.add("second " + b.upc());
            return b;
        });
        List<Object> kept =
                apply(chain("drop", first, TRIM, DROP_FREE, second), book("a", 1), book("b", 0), book("c", 2));

        assertEquals(
                List.of(new Book("http://h/a", "Title a", 1, "a"), new Book("http://h/c", "Title c", 2, "c")), kept);
        assertEquals(1, stats.get(ItemChain.DROPPED + "free"));
        assertEquals(List.of("b free"), dropped, "the drop callback hears of the item with its reason");
        assertTrue(
                order.containsAll(List.of("first a", "second a", "first b", "first c", "second c"))
                        && !order.contains("second b"),
                order.toString());
        assertTrue(order.indexOf("first a") < order.indexOf("second a"));
    }

    @Test
    void aProcessorThatThrowsOrReturnsNullDropsTheItemAsItsFailure() {
        ProcessorLink broken = ProcessorLink.of(Book.class, "Broken", b -> {
            if (b.upc().equals("x")) throw new IllegalStateException("bug");
            return b.upc().equals("n") ? null : b;
        });
        List<Object> kept = apply(chain("drop", broken), book("x", 1), book("n", 1), book("ok", 1));
        assertEquals(1, kept.size());
        assertEquals(2, stats.get(ItemChain.DROPPED + "Broken failed"));
        assertEquals(List.of("x Broken failed", "n Broken failed"), dropped);
    }

    @Test
    void processorsOfAnotherTypeDoNotRun() {
        ProcessorLink ofString = ProcessorLink.of(String.class, "Strings", s -> {
            throw new DropItem("never");
        });
        assertEquals(1, apply(chain("drop", ofString), book("a", 1)).size());
        assertEquals(0, stats.get(ItemChain.DROPPED + "never"));
    }

    @Test
    void anItemWithoutKeyIsDroppedAsInvalidWithItsRuleCounted() {
        List<Object> kept = apply(chain("drop"), book("a", 1), new Book("http://h/n", "t", 1, null));
        assertEquals(List.of(book("a", 1)), kept);
        assertEquals(1, stats.get(ItemChain.DROPPED + "invalid"));
        assertEquals(1, stats.get(ItemChain.INVALID + "Book.upc @NotNull (key)"));
        assertNull(failed.get());
    }

    @Test
    void withInvalidItemsFailAnInvalidItemFailsTheCrawlNamingItsPageAndRule() {
        apply(chain("fail"), new Book("http://h/n", "t", 1, null));
        assertEquals("invalid Book from http://h/page: upc @NotNull (key) (invalid_items = fail)", failed.get());
    }

    @Test
    void aProcessorRunsBeforeValidationSoItCanRepairAnItem() {
        ProcessorLink fillKey = ProcessorLink.of(
                Book.class, "FillKey", b -> b.upc() != null ? b : new Book(b.url(), b.title(), b.price(), "from-url"));
        assertEquals(
                1,
                apply(chain("drop", fillKey), new Book("http://h/n", "t", 1, null))
                        .size());
        assertEquals(0, stats.get(ItemChain.DROPPED + "invalid"));
    }
}
