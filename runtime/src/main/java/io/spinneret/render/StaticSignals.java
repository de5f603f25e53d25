package io.spinneret.render;

import java.util.Locale;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jspecify.annotations.Nullable;

/**
 * What an HTML page served over HTTP says of itself about needing a script, for
 * {@code renderer = auto}: an empty application root (a {@code <div id="root">}, {@code app},
 * {@code __next} or {@code __nuxt} with neither elements nor text in it, the mount point of a
 * single-page application not rendered on the server), or a {@code <noscript>} that asks for
 * JavaScript ({@code "You need to enable JavaScript to run this app."}). A {@code <noscript>}
 * holding a tracking pixel or other markup says nothing. Stateless.
 */
public final class StaticSignals {
    private static final Evaluator APP_ROOTS = QueryParser.parse("div#root, div#app, div#__next, div#__nuxt, noscript");
    private static final Pattern ASKS_FOR_SCRIPT =
            Pattern.compile("javascript.{0,40}(enable|requir|need|turn(ed)? on|activat|disabled|must|support)"
                    + "|(enable|requir|need|turn on|activat|must|support).{0,40}javascript");

    private StaticSignals() {}

    /** Why {@code page} needs a script, for the log; null when it shows no such signal. */
    public static @Nullable String of(Document page) {
        Elements found = page.select(APP_ROOTS);
        for (Element e : found) {
            if (e.nameIs("noscript")) {
                String text = e.text().toLowerCase(Locale.ROOT);
                if (text.contains("javascript") && ASKS_FOR_SCRIPT.matcher(text).find())
                    return "a <noscript> asks for JavaScript";
            } else if (e.childrenSize() == 0 && e.text().isBlank()) {
                return "an empty app root <div id=\"" + e.id() + "\">";
            }
        }
        return null;
    }
}
