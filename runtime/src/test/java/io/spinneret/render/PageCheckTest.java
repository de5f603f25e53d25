package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.PageNeeds;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageCheckTest {
    private static final PageNeeds LISTING =
            new PageNeeds(List.of("article.product_pod h3 a", "li.next a"), List.of(), false);
    private static final PageNeeds QUOTES = new PageNeeds(List.of("div.quote", "li.next a"), List.of(), true);

    private static Response html(String body) {
        return new Response(
                Request.of("http://127.0.0.1/p"),
                "http://127.0.0.1/p",
                200,
                Map.of("Content-Type", List.of("text/html")),
                ("<html><body>" + body + "</body></html>").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aPageWithAnyOfTheSelectorsPasses() {
        PageCheck check = PageCheck.of(null, LISTING);
        Response lastListing = html("<article class=product_pod><h3><a href=/b>b</a></h3></article>");
        assertNull(check.before(lastListing));
        assertNull(check.after(lastListing, 0, 1), "the last listing page has no pager, and passes");
        assertEquals("none of its selectors matches", check.after(html("<p>loading</p>"), 0, 1));
    }

    @Test
    void whatTheCallbackSelectedIsReadBackNotSelectedAgain() {
        PageCheck check = PageCheck.of(null, new PageNeeds(List.of("h1"), List.of(), true));
        Response page = html("<h1>Title</h1>");
        assertEquals(null, page.matched("h1"), "not queried yet");
        assertEquals("", page.textOf("h2"));
        assertEquals("Title", page.textOf("h1"));
        assertEquals(Boolean.TRUE, page.matched("h1"));
        assertEquals(Boolean.FALSE, page.matched("h2"));
        assertNull(check.after(page, 1, 0));
    }

    @Test
    void aCallbackThatYieldsItemsFailsWithoutOneEvenWithRequests() {
        Response page = html("<ul class=pager><li class=next><a href=/2>n</a></li></ul>");
        PageCheck quotes = PageCheck.of(null, QUOTES);
        assertEquals("no item over HTTP", quotes.after(page, 0, 1), "a static pager, quotes written by a script");
        assertNull(quotes.after(page, 10, 1));
        PageCheck listing = PageCheck.of(null, LISTING);
        assertNull(listing.after(page, 0, 21), "a listing yields requests");
        assertEquals("no item and no request over HTTP", listing.after(page, 0, 0));
    }

    @Test
    void aRequiredSelectorIsJudgedAlone() {
        PageCheck check = PageCheck.of("div.quote", QUOTES);
        assertNull(check.before(html("<div class=quote>q</div>")));
        assertEquals(
                "no match for the required \"div.quote\"",
                check.before(html("<ul class=pager><li class=next><a href=/2>n</a></li></ul>")));
        assertNull(PageCheck.of(null, null), "nothing to judge by: sampled");
    }

    @Test
    void xpathSelectorsAreJudgedToo() {
        PageCheck check = PageCheck.of(null, new PageNeeds(List.of(), List.of("//h1/text()"), true));
        assertNull(check.after(html("<h1>Title</h1>"), 1, 0));
        assertNotNull(check.after(html("<h2>Title</h2>"), 1, 0));
    }

    @Test
    void staticSignalsFailAPageWhateverItsSelectors() {
        PageCheck check = PageCheck.of(null, new PageNeeds(List.of("body"), List.of(), false));
        assertEquals("an empty app root <div id=\"root\">", check.before(html("<div id=root></div>")));
        assertEquals("an empty app root <div id=\"app\">", check.before(html("<div id=\"app\">  </div>")));
        assertEquals(
                "a <noscript> asks for JavaScript",
                check.before(
                        html(
                                "<noscript>You need to enable JavaScript to run this app.</noscript><div id=root><p>x</p></div>")));
        assertNull(check.before(html("<div id=root><main>server-rendered</main></div>")), "a filled root says nothing");
        assertNull(
                check.before(html("<noscript><img src=/pixel.gif></noscript><p>x</p>")),
                "a tracking pixel says nothing");
    }
}
