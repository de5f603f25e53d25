package io.spinneret.examples.replica;

import io.spinneret.examples.replica.BooksCatalogue.Product;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * The books replica's JSON endpoint, which books.toscrape.com does not have: one document per
 * book at {@code api/books/<upc>.json}, with what its detail page does not show, the exact stock
 * count and the reviews, so that a spider has a page and its API call to merge into one item.
 *
 * <pre>{@code
 * {"upc":"9c2e3c1c6c6b1b9a","stock":17,"reviews":[{"stars":4,"title":"Kind and quiet"}]}
 * }</pre>
 *
 * Reviews (0 to 3) come from the UPC, so every run serves the same bytes. Immutable, thread-safe.
 */
public final class BooksApi {
    static final String PREFIX = "api/books/";
    static final String SUFFIX = ".json";

    private static final String[] PRAISE = {
        "Kind and quiet",
        "Could not put it down",
        "A slow start",
        "Too long",
        "Wonderful",
        "Not for me",
        "Read it twice",
        "Honest and funny"
    };

    private final Map<String, Product> byUpc = new HashMap<>();

    BooksApi(List<Product> products) {
        for (Product p : products) byUpc.put(p.upc(), p);
    }

    /** The path of the document of {@code p}, relative to the site root. */
    public static String path(Product p) {
        return PREFIX + p.upc() + SUFFIX;
    }

    /** The JSON of the book at {@code path} ({@code api/books/<upc>.json}), or null if there is none. */
    @Nullable
    String json(String path) {
        if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) return null;
        Product p = byUpc.get(path.substring(PREFIX.length(), path.length() - SUFFIX.length()));
        return p == null ? null : json(p);
    }

    static String json(Product p) {
        StringBuilder b = new StringBuilder(160)
                .append("{\"upc\":\"")
                .append(p.upc())
                .append("\",\"stock\":")
                .append(p.inStock())
                .append(",\"reviews\":[");
        List<Review> reviews = reviews(p);
        for (int i = 0; i < reviews.size(); i++) {
            if (i > 0) b.append(',');
            b.append("{\"stars\":")
                    .append(reviews.get(i).stars())
                    .append(",\"title\":\"")
                    .append(reviews.get(i).title())
                    .append("\"}");
        }
        return b.append("]}").toString();
    }

    /** A review of the API: 1 to 5 stars and a short title (plain ASCII, nothing to escape). */
    public record Review(int stars, String title) {}

    /** The reviews of {@code p}: 0 to 3, from its UPC. */
    public static List<Review> reviews(Product p) {
        Random r = new Random(Long.parseUnsignedLong(p.upc(), 16));
        Review[] out = new Review[r.nextInt(4)];
        for (int i = 0; i < out.length; i++) out[i] = new Review(1 + r.nextInt(5), PRAISE[r.nextInt(PRAISE.length)]);
        return List.of(out);
    }

    /** Mean stars of {@code p}'s reviews rounded to one decimal, or 0 without reviews: what a merged item can check. */
    public static double meanStars(Product p) {
        List<Review> reviews = reviews(p);
        if (reviews.isEmpty()) return 0;
        double sum = 0;
        for (Review v : reviews) sum += v.stars();
        return Double.parseDouble(String.format(Locale.ROOT, "%.1f", sum / reviews.size()));
    }
}
