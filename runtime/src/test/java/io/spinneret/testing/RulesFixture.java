package io.spinneret.testing;

import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.internal.Dispatcher;
import io.spinneret.links.LinkRule;
import io.spinneret.links.LinkSelector;
import java.util.List;

/**
 * A spider of the books site whose links all come from {@code @Follow} rules, as the generated
 * dispatcher of {@code @Follow(css = "article.product_pod h3 a", callback = "detail", priority = 1)}
 * and {@code @Follow(css = "li.next a")} would give them: its {@code parse} callback emits nothing.
 */
public final class RulesFixture extends BooksFixture {
    public RulesFixture(String name, List<String> startUrls) {
        super(name, startUrls, List.of(), u -> false);
    }

    @Override
    public String className() {
        return "io.spinneret.testing.RulesSpider";
    }

    @Override
    public Dispatcher newDispatcher() {
        Dispatcher books = super.newDispatcher();
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) throws Exception {
                if (!callback.equals("parse")) books.dispatch(callback, response, crawl);
            }

            @Override
            public List<LinkRule> linkRules() {
                return List.of(
                        new LinkRule(
                                LinkSelector.DEFAULT.css("article.product_pod h3 a"), "detail", 1, List.of("parse")),
                        new LinkRule(LinkSelector.DEFAULT.css("li.next a"), "parse", 0, List.of("parse")));
            }
        };
    }
}
