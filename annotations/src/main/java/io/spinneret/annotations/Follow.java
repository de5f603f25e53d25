package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A link rule of a spider: after a callback has parsed an HTML page, the links this rule selects
 * on it are followed to {@link #callback()}, without a line of code in the callback. Repeatable;
 * every rule whose {@link #on()} names the page's callback applies, and a link selected by several
 * rules is followed once, by the first.
 *
 * <pre>{@code
 * @Spider(name = "docs")
 * @Follow(allowGlob = "/library/**", deny = "\\.txt$")          // every in-site page, to "parse"
 * @Follow(css = "table.products", callback = "product", priority = 1, on = "parse")
 * public class DocsSpider { ... }
 * }</pre>
 *
 * <p>A rule looks at the {@link #attrs()} of the {@link #tags()} inside the {@link #css()}
 * regions, resolves them against the page (and its {@code <base href>}), drops fragments, skips
 * what is not http(s), keeps what {@link #allow()}/{@link #allowGlob()} accept (everything when
 * both are empty) and {@link #deny()}/{@link #denyGlob()} do not, within {@link #scope()}. Links
 * of one page are deduplicated. A page whose {@code <meta name="robots">} or {@code X-Robots-Tag}
 * says {@code nofollow} has no links followed when {@code respect_robots_meta} is on; links with
 * {@code rel="nofollow"} are skipped when {@code skip_nofollow_links} is on.
 *
 * <p>The annotation processor checks, each as a compile error on the literal: {@link #callback()}
 * and {@link #on()} name {@link Parse} callbacks of the spider; every {@link #css()} selector
 * parses; every {@link #allow()}/{@link #deny()} regex and every {@link #allowGlob()}/
 * {@link #denyGlob()} glob compiles (see {@link Glob}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Follow.List.class)
public @interface Follow {
    /** CSS selectors of the regions to look for links in; empty means the whole page. */
    String[] css() default {};

    /** Tags whose {@link #attrs()} hold links. */
    String[] tags() default {"a", "area"};

    /** Attributes that hold links. */
    String[] attrs() default {"href"};

    /** Regular expressions (Java syntax), searched anywhere in the absolute URL; one match is enough. */
    String[] allow() default {};

    /** Regular expressions that exclude a URL they are found in; deny wins over allow. */
    String[] deny() default {};

    /** Globs a URL must match, see {@link Glob}: starting with {@code /}, they match the path and query. */
    String[] allowGlob() default {};

    /** Globs that exclude a URL they match. */
    String[] denyGlob() default {};

    /** The callback of the followed links. */
    String callback() default "parse";

    /** The priority of the followed links (higher is dequeued first). */
    int priority() default 0;

    /** The callbacks whose pages this rule reads; empty means every callback's. */
    String[] on() default {};

    /** Which hosts the links may lead to, relative to the page they are on. */
    Scope scope() default Scope.SAME_HOST;

    /** Where a followed link may lead, relative to the page it is on. */
    enum Scope {
        /** The same scheme, host and port. */
        SAME_ORIGIN,
        /** The same host, any scheme or port. */
        SAME_HOST,
        /**
         * The same registrable domain (public-suffix aware: {@code a.example.co.uk} and
         * {@code b.example.co.uk} are one site, {@code a.github.io} and {@code b.github.io} two);
         * an IP address counts as its own domain.
         */
        SAME_DOMAIN,
        /** Anywhere ({@code allowed_domains} still applies). */
        ALL
    }

    /** The container of repeated {@link Follow} rules; written by javac, not by hand. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target(ElementType.TYPE)
    @interface List {
        Follow[] value();
    }
}
