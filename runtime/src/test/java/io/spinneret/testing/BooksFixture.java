package io.spinneret.testing;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.Emit;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.function.Predicate;

/**
 * A hand-written stand-in for a generated {@code BooksSpider_Dispatch}: {@code parse} follows the
 * detail links (priority 1) and the next page; {@code detail} returns a {@link Book}.
 */
public class BooksFixture implements SpiderDefinition {
    private final String name;
    private final List<String> startUrls;
    private final List<String> settings;
    private final Predicate<String> failOn;

    public BooksFixture(String startUrl) {
        this("books", List.of(startUrl), List.of(), url -> false);
    }

    /** @param failOn URLs whose callback throws */
    public BooksFixture(String name, List<String> startUrls, List<String> settings, Predicate<String> failOn) {
        this.name = name;
        this.startUrls = startUrls;
        this.settings = settings;
        this.failOn = failOn;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String className() {
        return "io.spinneret.testing.BooksSpider";
    }

    @Override
    public List<String> startUrls() {
        return startUrls;
    }

    @Override
    public Renderer renderer() {
        return Renderer.HTTP;
    }

    @Override
    public List<String> settings() {
        return settings;
    }

    @Override
    public List<String> callbacks() {
        return List.of("detail", "parse");
    }

    @Override
    public Dispatcher newDispatcher() {
        return (callback, response, crawl) -> {
            switch (callback) {
                case "parse" -> parse(response, crawl);
                case "detail" -> Emit.value(detail(response), crawl);
                default -> throw new UnknownCallbackException(name, callback, callbacks());
            }
        };
    }

    private void parse(Response page, Crawl crawl) {
        if (failOn.test(page.url())) throw new IllegalStateException("boom on " + page.url());
        for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
        for (var a : page.css("a[href^=mailto], a[href^=javascript]")) crawl.follow(a.attr("href"));
    }

    private Book detail(Response page) {
        if (failOn.test(page.url())) throw new IllegalStateException("boom on " + page.url());
        String price = page.textOf("p.price_color").replace("£", "");
        return new Book(
                page.url(), page.textOf("div.product_main h1"), Double.parseDouble(price), page.textOf("table td"));
    }
}
