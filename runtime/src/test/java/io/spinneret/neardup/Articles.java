package io.spinneret.neardup;

import java.util.Random;

/** Pages for near-duplicate tests: an article of generated sentences, with a date line and an advert line around it. */
final class Articles {
    private static final String[] WORDS =
            ("the of and a to in is you that it he was for on are as with his they at be this have"
                            + " from or one had by word but not what all were we when your can said there use an each which she do how their if"
                            + " will up other about out many then them these so some her would make like him into time has look two more write go"
                            + " see number no way could people my than first water been call who oil its now find long down day did get come made"
                            + " may part river garden market winter letter station window morning village bridge harbour mountain forest")
                    .split(" ");

    private Articles() {}

    /** {@code words} words of sentences drawn with {@code seed}: the same seed, the same text. */
    static String text(long seed, int words) {
        Random r = new Random(seed);
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < words; i++) {
            t.append(WORDS[r.nextInt(WORDS.length)]).append(i % 12 == 11 ? ". " : " ");
        }
        return t.toString();
    }

    /** An HTML page: navigation, the date, the article, an advert line marked as one ({@code class="advert"}), a footer. */
    static String page(String date, String article, String advert, String links) {
        return html(date, article, "<div class='advert'>" + advert + "</div>", links);
    }

    /** As {@link #page(String, String, String, String)}, the advert line a plain paragraph, not marked as an advert. */
    static String pageWithUnmarkedAdvert(String date, String article, String advert) {
        return html(date, article, "<p>" + advert + "</p>", "");
    }

    private static String html(String date, String article, String advertHtml, String links) {
        return "<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><main><h1>Story</h1><p class='date'>"
                + date + "</p><p>" + article + "</p>" + advertHtml + links
                + "</main><footer>(c) News</footer></body></html>";
    }
}
