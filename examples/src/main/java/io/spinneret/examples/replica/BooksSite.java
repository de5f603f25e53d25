package io.spinneret.examples.replica;

import io.spinneret.examples.replica.BooksCatalogue.Category;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksPages.Crumb;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.jspecify.annotations.Nullable;

/**
 * The books.toscrape.com replica: {@code index.html} and {@code catalogue/page-2.html} onwards (20
 * books each, chained by {@code li.next}), one detail page per book, 50 category pages (paginated)
 * plus the all-books category, {@code robots.txt} allowing everything, placeholder static files, and
 * a JSON document per book at {@code api/books/<upc>.json} ({@link BooksApi}), which the real site
 * does not have.
 *
 * <p>The standard site ({@link #standard()}) has 1000 books: starting at the root and following
 * only {@code li.next a} and {@code article.product_pod h3 a} reaches exactly 50 listing pages and
 * 1000 detail pages. The {@link #wide(int) wide} variant adds, on every listing page, {@code li.next}
 * links to every tenth listing page, so a crawl is never more than about ten listing pages deep
 * and its speed is bounded by throughput rather than by one page's latency.
 *
 * <p>Pages are rendered on first request and cached. Thread-safe.
 */
public final class BooksSite implements Site {
    /** The seed of every books replica; changing it changes every page. */
    public static final long SEED = 20_240_501L;

    static final String ROBOTS = "User-agent: *\nDisallow:\n";

    private final BooksCatalogue catalogue;
    private final BooksPages pages;
    private final BooksApi api;
    private final int[] jumps;
    private final ConcurrentHashMap<String, Page> cache = new ConcurrentHashMap<>();
    private final byte[] png = tinyPng();

    private BooksSite(BooksCatalogue catalogue, int[] jumps) {
        this.catalogue = catalogue;
        this.pages = new BooksPages(catalogue);
        this.api = new BooksApi(catalogue.products());
        this.jumps = jumps;
    }

    /** The 1000-book replica of books.toscrape.com. */
    public static BooksSite standard() {
        return new BooksSite(BooksCatalogue.generate(1000, SEED), new int[0]);
    }

    /**
     * A wide replica of {@code books} books (a multiple of 20, at least 200) whose listing pages
     * also link to every tenth listing page.
     */
    public static BooksSite wide(int books) {
        if (books < 200 || books % BooksCatalogue.PER_PAGE != 0) {
            throw new IllegalArgumentException("a wide site needs a multiple of 20 books, at least 200: " + books);
        }
        BooksCatalogue c = BooksCatalogue.generate(books, SEED);
        int n = c.listingPages() / 10;
        int[] jumps = new int[n];
        for (int i = 0; i < n; i++) jumps[i] = (i + 1) * 10;
        return new BooksSite(c, jumps);
    }

    public BooksCatalogue catalogue() {
        return catalogue;
    }

    /**
     * The pages a books crawl visits, in order: the root (listing page 1), listing pages 2 and up,
     * then every detail page. Paths are relative to the site root; the root is {@code ""}.
     */
    public List<String> crawlSet() {
        List<String> out =
                new ArrayList<>(catalogue.listingPages() + catalogue.products().size());
        out.add("");
        for (int k = 2; k <= catalogue.listingPages(); k++) out.add("catalogue/page-" + k + ".html");
        for (Product p : catalogue.products()) out.add(p.path());
        return out;
    }

    /** Renders and caches every page of {@link #crawlSet()}, so that serving them is a copy only. */
    public void warm() {
        for (String path : crawlSet()) page(path);
    }

    @Override
    public @Nullable Page page(String path) {
        if (path.isEmpty() || path.endsWith("/")) path = path + "index.html";
        return cache.computeIfAbsent(path, this::render); // a path with no page (null) is not cached
    }

    private @Nullable Page render(String path) {
        if (path.equals("index.html")) return Page.html(catalogueListing(1));
        if (path.equals("robots.txt")) return Page.text(ROBOTS);
        if (path.startsWith("static/")) return staticFile(path);
        if (path.startsWith(BooksApi.PREFIX)) {
            String json = api.json(path);
            return json == null ? null : new Page(json.getBytes(StandardCharsets.UTF_8), "application/json");
        }
        if (path.startsWith("media/cache/") && path.endsWith(".png")) return new Page(png, "image/png");
        if (!path.startsWith("catalogue/")) return null;
        String rest = path.substring("catalogue/".length());
        Integer k = pageNumber(rest);
        if (k != null) return k >= 2 && k <= catalogue.listingPages() ? Page.html(catalogueListing(k)) : null;
        if (rest.startsWith("category/")) return category(rest.substring("category/".length()));
        if (rest.endsWith("/index.html") && rest.indexOf('/') == rest.length() - "/index.html".length()) {
            Product p = catalogue.byDir(rest.substring(0, rest.indexOf('/')));
            return p == null ? null : Page.html(pages.detail(p));
        }
        return null;
    }

    private String catalogueListing(int page) {
        if (page == 1) {
            return pages.listing(
                    "",
                    "catalogue/",
                    "All products",
                    List.of(new Crumb("Home", "index.html")),
                    catalogue.products(),
                    1,
                    k -> "catalogue/page-" + k + ".html",
                    "index.html",
                    jumps);
        }
        return pages.listing(
                "../",
                "",
                "All products",
                List.of(new Crumb("Home", "../index.html")),
                catalogue.products(),
                page,
                k -> k == 1 ? "../index.html" : "page-" + k + ".html",
                "../index.html",
                jumps);
    }

    /** {@code books_1/page-2.html}, {@code books/travel_2/index.html}, ... */
    private @Nullable Page category(String rest) {
        String root;
        String name;
        List<Product> books;
        List<Crumb> crumbs;
        String file;
        if (rest.startsWith("books_1/")) {
            root = "../../../";
            name = "Books";
            books = catalogue.products();
            crumbs = List.of(new Crumb("Home", root + "index.html"));
            file = rest.substring("books_1/".length());
        } else if (rest.startsWith("books/")) {
            String tail = rest.substring("books/".length());
            int slash = tail.indexOf('/');
            if (slash < 0) return null;
            Category c = catalogue.categoryByDir(tail.substring(0, slash));
            if (c == null) return null;
            root = "../../../../";
            name = c.name();
            books = c.products();
            crumbs = List.of(
                    new Crumb("Home", root + "index.html"),
                    new Crumb("Books", root + "catalogue/category/books_1/index.html"));
            file = tail.substring(slash + 1);
        } else {
            return null;
        }
        int pageCount = Math.max(1, (books.size() + BooksCatalogue.PER_PAGE - 1) / BooksCatalogue.PER_PAGE);
        Integer k = file.equals("index.html") ? Integer.valueOf(1) : pageNumber(file);
        if (k == null || k < 1 || k > pageCount || (k == 1 && !file.equals("index.html"))) return null;
        IntFunction<String> href = n -> n == 1 ? "index.html" : "page-" + n + ".html";
        return Page.html(
                pages.listing(root, root + "catalogue/", name, crumbs, books, k, href, "index.html", new int[0]));
    }

    /** K of {@code page-K.html}, or null. */
    private static @Nullable Integer pageNumber(String file) {
        if (!file.startsWith("page-") || !file.endsWith(".html")) return null;
        String digits = file.substring(5, file.length() - 5);
        if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(Character::isDigit)) return null;
        return Integer.parseInt(digits);
    }

    private @Nullable Page staticFile(String path) {
        if (path.equals("static/oscar/favicon.ico")) return new Page(png, "image/x-icon");
        if (BooksPages.STYLESHEETS.contains(path)) {
            return new Page(
                    "/* placeholder stylesheet of the books replica */\nbody { font-family: sans-serif; }\n"
                            .getBytes(StandardCharsets.UTF_8),
                    "text/css; charset=utf-8");
        }
        if (BooksPages.SCRIPTS.contains(path)) {
            return new Page(
                    "/* placeholder script of the books replica */\nvar oscar = oscar || {init: function () {}, search: {init: function () {}}};\n"
                            .getBytes(StandardCharsets.UTF_8),
                    "text/javascript; charset=utf-8");
        }
        return null;
    }

    @Override
    public List<String> paths() {
        List<String> out = new ArrayList<>();
        out.add("robots.txt");
        out.add("static/oscar/favicon.ico");
        out.addAll(BooksPages.STYLESHEETS);
        out.addAll(BooksPages.SCRIPTS);
        out.add("index.html");
        out.addAll(crawlSet().subList(1, crawlSet().size()));
        for (Product p : catalogue.products()) out.add(p.imagePath());
        for (Product p : catalogue.products()) out.add(BooksApi.path(p));
        int all = catalogue.listingPages();
        for (int k = 1; k <= all; k++)
            out.add("catalogue/category/books_1/" + (k == 1 ? "index.html" : "page-" + k + ".html"));
        for (Category c : catalogue.categories()) {
            int n = Math.max(1, (c.products().size() + BooksCatalogue.PER_PAGE - 1) / BooksCatalogue.PER_PAGE);
            for (int k = 1; k <= n; k++) {
                out.add("catalogue/category/books/" + c.dir() + "/" + (k == 1 ? "index.html" : "page-" + k + ".html"));
            }
        }
        return out;
    }

    /** A 4x4 PNG, the cover image of every book. */
    private static byte[] tinyPng() {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int y = 0; y < 4; y++) {
            raw.write(0);
            for (int x = 0; x < 4; x++) {
                raw.write(0xcc);
                raw.write(0xbb);
                raw.write(0xaa);
            }
        }
        Deflater d = new Deflater(9);
        d.setInput(raw.toByteArray());
        d.finish();
        byte[] buf = new byte[256];
        int n = d.deflate(buf);
        d.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        chunk(
                out,
                "IHDR",
                ByteBuffer.allocate(13)
                        .putInt(4)
                        .putInt(4)
                        .put((byte) 8)
                        .put((byte) 2)
                        .put((byte) 0)
                        .put((byte) 0)
                        .put((byte) 0)
                        .array());
        chunk(out, "IDAT", Arrays.copyOf(buf, n));
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(t);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
