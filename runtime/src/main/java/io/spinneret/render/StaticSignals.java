package io.spinneret.render;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * What an HTML page served over HTTP says of itself about needing a script, for
 * {@code renderer = auto}, among the children of its {@code <body>} (where the page shells of
 * single-page applications put them; looking no deeper keeps the check to a few elements a page):
 * an empty application root (a {@code <div id="root">}, {@code app}, {@code __next} or
 * {@code __nuxt} with neither elements nor text in it, the mount point of an application not
 * rendered on the server), or a {@code <noscript>} that asks for JavaScript
 * ({@code "You need to enable JavaScript to run this app."}). A {@code <noscript>} holding a
 * tracking pixel or other markup says nothing. Stateless.
 */
public final class StaticSignals {
    private static final Set<String> APP_ROOTS = Set.of("root", "app", "__next", "__nuxt");
    private static final Pattern ASKS_FOR_SCRIPT =
            Pattern.compile("javascript.{0,40}(enable|requir|need|turn(ed)? on|activat|disabled|must|support)"
                    + "|(enable|requir|need|turn on|activat|must|support).{0,40}javascript");

    private StaticSignals() {}

    /** Why {@code page} needs a script, for the log; null when it shows no such signal. */
    public static @Nullable String of(Document page) {
        Element body = page.body();
        if (body == null) return null;
        for (Element e : body.children()) {
            if (e.nameIs("noscript")) {
                String text = e.text().toLowerCase(Locale.ROOT);
                if (text.contains("javascript") && ASKS_FOR_SCRIPT.matcher(text).find())
                    return "a <noscript> asks for JavaScript";
            } else if (e.nameIs("div")
                    && APP_ROOTS.contains(e.id())
                    && e.childrenSize() == 0
                    && e.text().isBlank()) {
                return "an empty app root <div id=\"" + e.id() + "\">";
            }
        }
        return null;
    }
}
