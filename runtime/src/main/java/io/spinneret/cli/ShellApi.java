package io.spinneret.cli;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.devtools.CallbackRun;
import io.spinneret.internal.SpiderDefinition;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jspecify.annotations.Nullable;

/**
 * What a {@code spinneret shell} session has in scope, statically imported into it: the current
 * page ({@code response}, also a variable), {@code css}, {@code xpath}, {@code fetch} and, with
 * {@code --spider}, {@code parse} to run the spider's callbacks on the page. Public only because
 * the snippets the shell compiles call it; not an API. One shell per JVM at a time.
 */
public final class ShellApi {
    private static volatile @Nullable Shell session;

    private ShellApi() {}

    static void bind(@Nullable Shell shell) {
        session = shell;
    }

    private static Shell session() {
        Shell s = session;
        if (s == null) throw new IllegalStateException("no spinneret shell is running");
        return s;
    }

    /** The page fetched last. */
    public static Response response() {
        return session().response();
    }

    /** Elements of the current page matching a CSS selector. */
    public static Elements css(String selector) {
        return response().css(selector);
    }

    /** The first element matching a CSS selector, if any: as {@link Response#cssFirst}. */
    public static Optional<Element> cssFirst(String selector) {
        return response().cssFirst(selector);
    }

    /** The text of the first element matching a CSS selector, or "" (as {@link Response#textOf}). */
    public static String textOf(String selector) {
        return response().textOf(selector);
    }

    /** An attribute of the first element matching a CSS selector, or "" (as {@link Response#attrOf}). */
    public static String attrOf(String selector, String attribute) {
        return response().attrOf(selector, attribute);
    }

    /** Elements of the current page matching an XPath expression (as {@link Response#xpath}). */
    public static Elements xpath(String expression) {
        return response().xpath(expression);
    }

    /**
     * The strings an XPath expression selects: text nodes, attributes or elements' text,
     * as {@link Response#xpathTexts}.
     */
    public static List<String> xpathTexts(String expression) {
        return response().xpathTexts(expression);
    }

    /**
     * Fetches {@code url} (absolute, or relative to the current page) through the crawl's chain and
     * makes it the current page.
     */
    public static Response fetch(String url) throws InterruptedException {
        Shell s = session();
        String target = s.hasResponse() ? s.response().urlJoin(url).orElse(url) : url;
        return s.fetch(s.request(target));
    }

    /** Fetches a request (e.g. one a callback yielded) and makes its response the current page. */
    public static Response fetch(Request request) throws InterruptedException {
        return session().fetch(request);
    }

    /** Runs the spider's {@code parse} callback on the current page and prints what it yielded. */
    public static CallbackRun parse() {
        return parse(Request.DEFAULT_CALLBACK);
    }

    /**
     * Runs the spider's {@code callback} on the current page and prints what it yielded; what it
     * fetches inline ({@code crawl.fetch}) is fetched through the crawl's chain, as in a crawl.
     */
    public static CallbackRun parse(String callback) {
        Shell s = session();
        SpiderDefinition spider = s.spider();
        CallbackRun run = run(s, callback);
        PrintWriter w = new PrintWriter(s.out(), true);
        ParseCommand.print(run, spider, w);
        w.flush();
        return run;
    }

    /** The requests the spider's {@code callback} yields on the current page. */
    public static List<Request> requests(String callback) {
        Shell s = session();
        return run(s, callback).requests();
    }

    /** What the spider's {@code callback} yields on the current page, as a crawl with the shell's settings runs it. */
    private static CallbackRun run(Shell s, String callback) {
        SpiderDefinition spider = s.spider();
        return CallbackRun.on(
                spider.newDispatcher(), spider, s.settings(), s.items(), callback, s.response(), s.inlineFetches());
    }

    /** Prints what is bound in the shell. */
    public static void help() {
        PrintStream out = session().out();
        out.println("""
                response              the current page (Response: url(), status(), text(), css(..), textOf(..), follow(..))
                css("sel")            elements matching a CSS selector; cssFirst("sel") the first (an Optional)
                textOf("sel")         the first match's text; attrOf("sel", "href") an attribute of it
                xpath("expr")         elements matching an XPath expression; xpathTexts("//title/text()") strings
                fetch("url")          fetch a page through the crawl's chain (relative to the current one) and make it current
                parse(), parse("cb")  run the spider's callback (--spider) on the page: prints items and requests
                requests("cb")        the requests that callback yields, e.g. fetch(requests("parse").get(0))
                /exit                 leave (Ctrl-D too); any Java statement or expression works""");
    }
}
