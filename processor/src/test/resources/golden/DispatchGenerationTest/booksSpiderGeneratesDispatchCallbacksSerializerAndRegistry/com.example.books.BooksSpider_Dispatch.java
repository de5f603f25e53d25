package com.example.books;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code books} ({@link BooksSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class BooksSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("detail", "parse");

    private static final List<String> START_URLS = List.of("https://books.toscrape.com/");

    private static final List<String> SETTINGS = List.of("concurrency=8", "download_delay=0.1");

    public BooksSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "books";
    }

    @Override
    public String className() {
        return "com.example.books.BooksSpider";
    }

    @Override
    public List<String> startUrls() {
        return START_URLS;
    }

    @Override
    public Renderer renderer() {
        return Renderer.HTTP;
    }

    @Override
    public List<String> settings() {
        return SETTINGS;
    }

    @Override
    public List<String> callbacks() {
        return CALLBACKS;
    }

    @Override
    public Map<String, PageNeeds> pageNeeds() {
        return Map.ofEntries(Map.entry("detail", new PageNeeds(List.of("h1", "p.price", "td.upc", "p.star-rating"), List.of(), true)), Map.entry("parse", new PageNeeds(List.of("article.product_pod h3 a", "li.next a"), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new BooksSpider();
        return (callback, response, crawl) -> dispatch(spider, callback, response, crawl);
    }

    private static void dispatch(BooksSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "detail" -> {
                var result = spider.detail(response);
                if (result != null) {
                    crawl.emit(result);
                }
            }
            case "parse" -> {
                spider.parse(response, crawl);
            }
            default -> throw new UnknownCallbackException("books", callback, CALLBACKS);
        }
    }
}
