package io.spinneret.neardup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.spi.SimHashIndex;
import java.util.OptionalLong;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** The SimHash of a page's main text: near for pages that differ in a date and an advert, far for different articles. */
class SimHashTest {
    private static long hash(String html) {
        return SimHash.of(PageText.of(Jsoup.parse(html))).orElseThrow();
    }

    @Test
    void pagesThatDifferOnlyInADateAndAnAdvertLineAreWithinTheThreshold() {
        for (long seed = 1; seed <= 20; seed++) {
            String article = Articles.text(seed, 400);
            long a = hash(Articles.page("Friday 4 December 2026", article, "Buy cheap shoes now at Shoe Mart", ""));
            long b = hash(Articles.page(
                    "Saturday 5 December 2026", article, "Fresh coffee beans delivered weekly from Bean Co", ""));
            int distance = Long.bitCount(a ^ b);
            assertTrue(distance <= SimHashIndex.MAX_DISTANCE, "seed " + seed + ": " + distance + " bits apart");
        }
    }

    @Test
    void anAdvertLineNotMarkedAsOneStaysWithinTheThresholdOnALongerArticle() {
        for (long seed = 1; seed <= 20; seed++) {
            String article = Articles.text(seed, 1000);
            long a = hash(Articles.pageWithUnmarkedAdvert(
                    "Friday 4 December 2026", article, "Buy cheap shoes now at Shoe Mart"));
            long b = hash(Articles.pageWithUnmarkedAdvert(
                    "Saturday 5 December 2026", article, "Fresh coffee beans from Bean Co"));
            int distance = Long.bitCount(a ^ b);
            assertTrue(distance <= SimHashIndex.MAX_DISTANCE, "seed " + seed + ": " + distance + " bits apart");
        }
    }

    @Test
    void differentArticlesAreFarApart() {
        for (long seed = 1; seed <= 20; seed++) {
            long a = hash(Articles.page("4 December 2026", Articles.text(seed, 400), "Shoe Mart", ""));
            long b = hash(Articles.page("4 December 2026", Articles.text(seed + 1000, 400), "Shoe Mart", ""));
            int distance = Long.bitCount(a ^ b);
            assertTrue(distance > 2 * SimHashIndex.MAX_DISTANCE, "seed " + seed + ": only " + distance + " bits apart");
        }
    }

    @Test
    void navigationHeaderFooterAndScriptsAreNotTheText() {
        String text = PageText.of(Jsoup.parse(
                        "<body><header>Site</header><nav>Menu</nav><p>Body <b>text</b></p><aside>Ads</aside>"
                                + "<script>var x</script><footer>Legal</footer></body>"))
                .toString();
        assertEquals("Body text", text.replaceAll("\\s+", " ").trim());
        String main = PageText.of(Jsoup.parse("<body><p>Teaser</p><article>The story<nav>Share</nav></article></body>"))
                .toString();
        assertEquals("The story", main.trim(), "the article when the page has one");
        String cards = PageText.of(Jsoup.parse("<body><article>One</article><article>Two</article></body>"))
                .toString();
        assertEquals("One Two", cards.replaceAll("\\s+", " ").trim(), "a listing's cards are all its text");
        String ads = PageText.of(Jsoup.parse(
                        "<body><p>News</p><div class='box ad-slot'>Buy</div><p id='sponsored'>Sale</p></body>"))
                .toString();
        assertEquals("News", ads.trim(), "elements whose class or id marks an advert");
    }

    @Test
    void aTextTooShortToCompareHasNoHash() {
        assertEquals(OptionalLong.empty(), SimHash.of("only a few words here"));
        assertTrue(SimHash.of(Articles.text(1, SimHash.MIN_WORDS)).isPresent());
    }
}
