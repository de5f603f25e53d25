package test.shapes;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** One callback per supported return shape and parameter list. */
@Spider(name = "shapes", startUrls = {"https://shapes.example/"}, renderer = io.spinneret.annotations.Renderer.BROWSER)
public class ShapesSpider {
    @Item(key = "name")
    public record Thing(String name) {}

    /** Not an item itself; the runtime decides. */
    public interface Result {}

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.emit(new Thing("parse:" + page.textOf("h1")));
    }

    @Parse
    void crawlFirst(Crawl crawl, Response page) {
        crawl.follow("next.html", "item");
    }

    @Parse
    void crawlOnly(Crawl crawl) {
        crawl.request(Request.of(crawl.response().url() + "?only", "item"));
    }

    @Parse
    void nothing() {}

    @Parse
    Thing item(Response page) {
        return new Thing("item");
    }

    @Parse
    Thing nullItem(Response page) {
        return null;
    }

    @Parse
    Request request(Response page) {
        return page.follow("r.html", "item", 0).orElseThrow();
    }

    @Parse
    List<Thing> list(Response page) {
        List<Thing> things = new ArrayList<>();
        things.add(new Thing("a"));
        things.add(null);
        things.add(new Thing("b"));
        return things;
    }

    @Parse
    Iterable<Request> iterable(Response page) {
        return () -> List.of(Request.of("https://shapes.example/i1", "item"), Request.of("https://shapes.example/i2", "item")).iterator();
    }

    @Parse
    Set<? extends Request> wildcardSet(Response page) {
        return new LinkedHashSet<>(List.of(Request.of("https://shapes.example/s", "item")));
    }

    @Parse
    Stream<Thing> stream(Response page) {
        return Stream.of(new Thing("s1"), new Thing("s2"));
    }

    @Parse
    Optional<Request> optional(Response page) {
        return Optional.of(Request.of("https://shapes.example/o", "item"));
    }

    @Parse
    Optional<Thing> emptyOptional(Response page) {
        return Optional.empty();
    }

    @Parse
    Thing[] array(Response page) {
        return new Thing[] {new Thing("x1"), new Thing("x2")};
    }

    @Parse
    Object mixed(Response page) {
        return List.of(new Thing("m"), Request.of("https://shapes.example/m", "item"), Optional.of(new Thing("o")));
    }

    @Parse
    List<Object> objects(Response page) {
        return List.of(new Thing("o1"), Request.of("https://shapes.example/o1", "item"));
    }

    @Parse
    Stream<? extends Result> interfaces(Response page) {
        return Stream.empty();
    }

    @Parse
    <T extends Thing> List<T> generic(Response page) {
        return List.of();
    }

    private int calls;

    @Parse
    Thing counter(Response page) {
        return new Thing("calls=" + ++calls);
    }

    @Parse(callback = "throws")
    void failing(Response page) throws IOException {
        throw new IOException("boom " + page.url());
    }
}
