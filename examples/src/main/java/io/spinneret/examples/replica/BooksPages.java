package io.spinneret.examples.replica;

import io.spinneret.examples.replica.BooksCatalogue.Category;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Renders the books replica's HTML in the shape of books.toscrape.com (an Oscar shop): listing
 * pages with {@code article.product_pod} cards, a category sidebar and an {@code li.next} pager;
 * detail pages with {@code div.product_main}, the price, stock, star rating, description and a
 * product information table; relative links throughout. Stateless.
 */
final class BooksPages {
    static final List<String> STYLESHEETS = List.of(
            "static/oscar/css/styles.css",
            "static/oscar/js/bootstrap-datetimepicker/bootstrap-datetimepicker.css",
            "static/oscar/css/datetimepicker.css");
    static final List<String> SCRIPTS = List.of(
            "static/oscar/js/jquery/jquery-1.9.1.min.js",
            "static/oscar/js/bootstrap3/bootstrap.min.js",
            "static/oscar/js/oscar/ui.js",
            "static/oscar/js/bootstrap-datetimepicker/bootstrap-datetimepicker.js",
            "static/oscar/js/bootstrap-datetimepicker/locales/bootstrap-datetimepicker.all.js");

    private final BooksCatalogue catalogue;

    BooksPages(BooksCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    /** A link in the breadcrumb. */
    record Crumb(String name, String href) {}

    /**
     * One listing page.
     *
     * @param root the relative path to the site root from this page ({@code ""}, {@code "../"}...)
     * @param bookPrefix the relative path from this page to {@code catalogue/}
     * @param pageHref the href of listing page k, relative to this page
     * @param previousOfSecond the href of page 1 from page 2 (page 1 has its own name)
     * @param jumps extra {@code li.next} links to these pages (the wide variant), empty normally
     */
    String listing(
            String root,
            String bookPrefix,
            String heading,
            List<Crumb> crumbs,
            List<Product> all,
            int page,
            IntFunction<String> pageHref,
            String previousOfSecond,
            int[] jumps) {
        int pages = Math.max(1, (all.size() + BooksCatalogue.PER_PAGE - 1) / BooksCatalogue.PER_PAGE);
        int from = (page - 1) * BooksCatalogue.PER_PAGE;
        List<Product> shown = all.subList(from, Math.min(all.size(), from + BooksCatalogue.PER_PAGE));
        StringBuilder b = new StringBuilder(48 * 1024);
        head(b, root, heading);
        b.append("    <ul class=\"breadcrumb\">\n");
        for (Crumb c : crumbs) {
            b.append("        <li>\n            <a href=\"")
                    .append(c.href())
                    .append("\">")
                    .append(Html.text(c.name()))
                    .append("</a>\n        </li>\n");
        }
        b.append("        <li class=\"active\">").append(Html.text(heading)).append("</li>\n    </ul>\n\n");
        b.append("                <div class=\"row\">\n\n");
        sidebar(b, root);
        b.append("                    <div class=\"col-sm-8 col-md-9\">\n");
        b.append("    <div class=\"page-header action\">\n        <h1>")
                .append(Html.text(heading))
                .append("</h1>\n    </div>\n\n");
        b.append("    <div id=\"messages\">\n    </div>\n\n    <div id=\"promotions\">\n    </div>\n\n");
        b.append(
                "    <form method=\"get\" class=\"form-horizontal\">\n        <div style=\"display:none\">\n        </div>\n");
        b.append("                <strong>")
                .append(all.size())
                .append("</strong> results - showing <strong>")
                .append(from + 1)
                .append("</strong> to <strong>")
                .append(from + shown.size())
                .append("</strong>.\n    </form>\n\n");
        b.append(
                "    <section>\n        <div class=\"alert alert-warning\" role=\"alert\"><strong>Warning!</strong> This is a demo"
                        + " website for web scraping purposes. Prices and ratings here were randomly assigned and have no real meaning.</div>\n\n");
        b.append("        <div>\n            <ol class=\"row\">\n\n");
        for (Product p : shown) card(b, p, bookPrefix, root);
        b.append("            </ol>\n\n");
        if (pages > 1) {
            b.append("            <div>\n                <ul class=\"pager\">\n");
            if (page > 1) {
                b.append("                    <li class=\"previous\"><a href=\"")
                        .append(page == 2 ? previousOfSecond : pageHref.apply(page - 1))
                        .append("\">previous</a></li>\n");
            }
            b.append("                    <li class=\"current\">\n                        Page ")
                    .append(page)
                    .append(" of ")
                    .append(pages)
                    .append("\n                    </li>\n");
            if (page < pages) {
                b.append("                    <li class=\"next\"><a href=\"")
                        .append(pageHref.apply(page + 1))
                        .append("\">next</a></li>\n");
            }
            for (int j : jumps) {
                if (j != page && j != page + 1 && j >= 1 && j <= pages) {
                    b.append("                    <li class=\"next jump\"><a href=\"")
                            .append(pageHref.apply(j))
                            .append("\">")
                            .append(j)
                            .append("</a></li>\n");
                }
            }
            b.append("                </ul>\n            </div>\n");
        }
        b.append("        </div>\n    </section>\n\n                    </div>\n                </div><!-- /row -->\n");
        tail(b, root);
        return b.toString();
    }

    private void card(StringBuilder b, Product p, String bookPrefix, String root) {
        String href = bookPrefix + p.dir() + "/index.html";
        String title = p.title();
        String shortTitle =
                title.length() <= 40 ? title : title.substring(0, 37).stripTrailing() + "...";
        b.append("                <li class=\"col-xs-6 col-sm-4 col-md-3 col-lg-3\">\n");
        b.append("    <article class=\"product_pod\">\n");
        b.append("            <div class=\"image_container\">\n");
        b.append("                    <a href=\"")
                .append(href)
                .append("\"><img src=\"")
                .append(root)
                .append(p.imagePath())
                .append("\" alt=\"")
                .append(Html.attr(title))
                .append("\" class=\"thumbnail\"></a>\n");
        b.append("            </div>\n\n                ");
        stars(b, p.ratingWord());
        b.append("\n\n            <h3><a href=\"")
                .append(href)
                .append("\" title=\"")
                .append(Html.attr(title))
                .append("\">")
                .append(Html.text(shortTitle))
                .append("</a></h3>\n\n");
        b.append("            <div class=\"product_price\">\n        <p class=\"price_color\">")
                .append(p.priceText())
                .append("</p>\n\n");
        b.append("<p class=\"instock availability\">\n    <i class=\"icon-ok\"></i>\n        In stock\n</p>\n\n");
        b.append(
                "    <form>\n        <button type=\"submit\" class=\"btn btn-primary btn-block\" data-loading-text=\"Adding...\">"
                        + "Add to basket</button>\n    </form>\n\n            </div>\n    </article>\n\n</li>\n");
    }

    /** A book's detail page. */
    String detail(Product p) {
        String root = "../../";
        Category c = catalogue.category(p);
        String title = p.title();
        StringBuilder b = new StringBuilder(9 * 1024);
        head(b, root, title);
        b.append("    <ul class=\"breadcrumb\">\n");
        b.append("        <li>\n            <a href=\"../../index.html\">Home</a>\n        </li>\n");
        b.append("        <li>\n            <a href=\"../category/books_1/index.html\">Books</a>\n        </li>\n");
        b.append("        <li>\n            <a href=\"../category/books/")
                .append(c.dir())
                .append("/index.html\">")
                .append(Html.text(c.name()))
                .append("</a>\n        </li>\n");
        b.append("        <li class=\"active\">").append(Html.text(title)).append("</li>\n    </ul>\n\n");
        b.append("                <div id=\"messages\">\n                </div>\n\n");
        b.append(
                "                <div class=\"content\">\n                    <div id=\"promotions\">\n                    </div>\n\n");
        b.append(
                "                    <div id=\"content_inner\">\n\n<article class=\"product_page\"><!-- Start of product page -->\n\n");
        b.append("    <div class=\"row\">\n\n        <div class=\"col-sm-6\">\n");
        b.append(
                "<div id=\"product_gallery\" class=\"carousel\">\n    <div class=\"thumbnail\">\n        <div class=\"carousel-inner\">\n");
        b.append("            <div class=\"item active\">\n                <img src=\"")
                .append(root)
                .append(p.imagePath())
                .append("\" alt=\"")
                .append(Html.attr(title))
                .append("\" />\n            </div>\n");
        b.append("        </div>\n    </div>\n</div>\n        </div>\n\n");
        b.append("        <div class=\"col-sm-6 product_main\">\n            <h1>")
                .append(Html.text(title))
                .append("</h1>\n\n");
        b.append("<p class=\"price_color\">").append(p.priceText()).append("</p>\n\n");
        b.append("<p class=\"instock availability\">\n    <i class=\"icon-ok\"></i>\n        ")
                .append(p.availability())
                .append("\n</p>\n\n    ");
        stars(b, p.ratingWord());
        b.append(
                "\n\n            <hr/>\n\n<div class=\"alert alert-warning\" role=\"alert\"><strong>Warning!</strong> This is a demo"
                        + " website for web scraping purposes. Prices and ratings here were randomly assigned and have no real meaning.</div>\n\n");
        b.append("        </div><!-- /col-sm-6 -->\n    </div><!-- /row -->\n\n");
        b.append(
                "    <div id=\"product_description\" class=\"sub-header\">\n        <h2>Product Description</h2>\n    </div>\n");
        b.append("    <p>").append(Html.text(p.description())).append("</p>\n\n");
        b.append("    <div class=\"sub-header\">\n        <h2>Product Information</h2>\n    </div>\n\n");
        b.append("    <table class=\"table table-striped\">\n");
        row(b, "UPC", p.upc());
        row(b, "Product Type", "Books");
        row(b, "Price (excl. tax)", p.priceText());
        row(b, "Price (incl. tax)", p.priceText());
        row(b, "Tax", "\u00a30.00");
        row(b, "Availability", p.availability());
        row(b, "Number of reviews", Integer.toString(p.reviews()));
        b.append("    </table>\n\n    <div id=\"reviews\" class=\"reviews\">\n    </div>\n\n");
        b.append("</article><!-- End of product page -->\n\n                    </div>\n                </div>\n");
        tail(b, root);
        return b.toString();
    }

    private static void row(StringBuilder b, String name, String value) {
        b.append("        <tr>\n            <th>")
                .append(name)
                .append("</th><td>")
                .append(Html.text(value))
                .append("</td>\n        </tr>\n");
    }

    private static void stars(StringBuilder b, String word) {
        b.append("<p class=\"star-rating ").append(word).append("\">\n");
        for (int i = 0; i < 5; i++) b.append("                    <i class=\"icon-star\"></i>\n");
        b.append("                </p>");
    }

    private void sidebar(StringBuilder b, String root) {
        b.append("                    <aside class=\"sidebar col-sm-4 col-md-3\">\n");
        b.append("                        <div id=\"promotions_left\">\n                        </div>\n");
        b.append(
                "                        <div class=\"side_categories\">\n                            <ul class=\"nav nav-list\">\n");
        b.append("                                <li>\n                                    <a href=\"")
                .append(root)
                .append("catalogue/category/books_1/index.html\">\n                                        Books\n"
                        + "                                    </a>\n                                    <ul>\n");
        for (Category c : catalogue.categories()) {
            b.append(
                            "                                        <li>\n                                            <a href=\"")
                    .append(root)
                    .append(c.path())
                    .append("\">\n                                                ")
                    .append(Html.text(c.name()))
                    .append("\n                                            </a>\n"
                            + "                                        </li>\n");
        }
        b.append(
                "                                    </ul>\n                                </li>\n"
                        + "                            </ul>\n                        </div>\n                    </aside>\n\n");
    }

    private static void head(StringBuilder b, String root, String title) {
        b.append(
                "<!DOCTYPE html>\n<!--[if lt IE 7]>      <html lang=\"en-us\" class=\"no-js lt-ie9 lt-ie8 lt-ie7\"> <![endif]-->\n");
        b.append("<!--[if IE 7]>         <html lang=\"en-us\" class=\"no-js lt-ie9 lt-ie8\"> <![endif]-->\n");
        b.append("<!--[if IE 8]>         <html lang=\"en-us\" class=\"no-js lt-ie9\"> <![endif]-->\n");
        b.append("<!--[if gt IE 8]><!--> <html lang=\"en-us\" class=\"no-js\"> <!--<![endif]-->\n    <head>\n");
        b.append("        <title>\n    ").append(Html.text(title)).append(" | Books to Scrape - Sandbox\n</title>\n\n");
        b.append("        <meta http-equiv=\"content-type\" content=\"text/html; charset=UTF-8\" />\n");
        b.append("        <meta name=\"created\" content=\"24th Jun 2016 09:29\" />\n");
        b.append(
                "        <meta name=\"description\" content=\"\" />\n        <meta name=\"viewport\" content=\"width=device-width\" />\n");
        b.append("        <meta name=\"robots\" content=\"NOARCHIVE,NOCACHE\" />\n\n");
        b.append("        <!-- Le HTML5 shim, for IE6-8 support of HTML elements -->\n        <!--[if lt IE 9]>\n");
        b.append(
                "        <script src=\"//html5shim.googlecode.com/svn/trunk/html5.js\"></script>\n        <![endif]-->\n\n");
        b.append("        <link rel=\"shortcut icon\" href=\"")
                .append(root)
                .append("static/oscar/favicon.ico\" />\n\n");
        for (String css : STYLESHEETS) {
            b.append("        <link rel=\"stylesheet\" type=\"text/css\" href=\"")
                    .append(root)
                    .append(css)
                    .append("\" />\n");
        }
        b.append("\n    </head>\n\n    <body id=\"default\" class=\"default\">\n\n");
        b.append(
                "        <header class=\"header container-fluid\">\n            <div class=\"page_inner\">\n                <div class=\"row\">\n");
        b.append("                    <div class=\"col-sm-8 h1\"><a href=\"")
                .append(root)
                .append("index.html\">Books to Scrape</a><small> We love being scraped!</small>\n</div>\n\n");
        b.append("                </div>\n            </div>\n        </header>\n\n");
        b.append("        <div class=\"container-fluid page\">\n            <div class=\"page_inner\">\n\n");
    }

    private static void tail(StringBuilder b, String root) {
        b.append("            </div>\n        </div><!-- /page_inner -->\n\n");
        b.append("        <footer class=\"footer container-fluid\">\n            <div class=\"page_inner\">\n");
        b.append(
                "                <p class=\"copyright\">Books to Scrape replica, generated in-process for the Spinneret examples.</p>\n");
        b.append("            </div>\n        </footer>\n\n        <!-- jQuery -->\n");
        for (String js : SCRIPTS) {
            b.append("        <script src=\"")
                    .append(root)
                    .append(js)
                    .append("\" type=\"text/javascript\" charset=\"utf-8\"></script>\n");
        }
        b.append(
                "\n        <script type=\"text/javascript\">\n            $(function() {\n                oscar.init();\n"
                        + "                oscar.search.init();\n            });\n        </script>\n\n        <!-- Version: N/A -->\n\n"
                        + "    </body>\n</html>\n");
    }
}
