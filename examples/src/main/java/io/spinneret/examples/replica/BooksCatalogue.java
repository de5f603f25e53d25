package io.spinneret.examples.replica;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The data behind the books replica: books with titles, prices, stock, ratings, unique UPCs and a
 * category each, generated from a fixed seed. {@code java.util.Random} is used because its
 * sequence is specified, so every JDK builds the same catalogue. Immutable and thread-safe.
 */
public final class BooksCatalogue {
    /** Books per listing page, as on books.toscrape.com. */
    public static final int PER_PAGE = 20;

    static final String[] RATINGS = {"One", "Two", "Three", "Four", "Five"};

    /** The category names of books.toscrape.com. */
    static final List<String> CATEGORY_NAMES = List.of(
            "Travel",
            "Mystery",
            "Historical Fiction",
            "Sequential Art",
            "Classics",
            "Philosophy",
            "Romance",
            "Womens Fiction",
            "Fiction",
            "Childrens",
            "Religion",
            "Nonfiction",
            "Music",
            "Default",
            "Science Fiction",
            "Sports and Games",
            "Add a comment",
            "Fantasy",
            "New Adult",
            "Young Adult",
            "Science",
            "Poetry",
            "Paranormal",
            "Art",
            "Psychology",
            "Autobiography",
            "Parenting",
            "Adult Fiction",
            "Humor",
            "Horror",
            "History",
            "Food and Drink",
            "Christian Fiction",
            "Business",
            "Biography",
            "Thriller",
            "Contemporary",
            "Spirituality",
            "Academic",
            "Self Help",
            "Historical",
            "Christian",
            "Suspense",
            "Short Stories",
            "Novels",
            "Health",
            "Politics",
            "Cultural",
            "Erotica",
            "Crime");

    private static final String[] ADJECTIVES = words("""
            Amber Ashen Blue Bold Borrowed Cold Copper Crooked Dusty Early Emerald Empty Faded
            Falling Feral Final First Fleeting Glass Gray Green Hidden Honest Hungry Idle Iron
            Kind Late Little Lucky Marble Narrow Night Old Open Pale Quiet Rainy Red Rusty Salt
            Second Silver Sleeping Slow Small Stone Sudden Tender Twisted Velvet Waking White Wild""");
    private static final String[] NOUNS = words("""
            Anchor Apple Archive Arrow Atlas Bell Bird Boat Canyon Cellar Chapel Cipher Coast
            Comet Compass Cottage Crow Dancer Desert Diary Engine Farm Feather Ferry Field Fox
            Gate Glacier Harvest Hill Hotel Hunter Inn Jar Key Kite Lake Lantern Locket Meadow
            Mill Miner Monk Needle Nest Opera Palace Pilgrim Pilot Prairie Prophet Quarry Rider
            Sailor Scholar Shore Singer Sparrow Spring Tailor Temple Tower Valley Violin Weaver
            Well Whale Wind Wolf""");
    private static final String[] PLACES = words("""
            Aberdeen Andalusia Bergen Bruges Calcutta Chicago Dakar Galway Hanoi Kraków Lagos
            Lima Lyon Nairobi Naples Odessa Oslo Porto Quebec Seville Tangier Tbilisi Trieste Utrecht""");
    private static final String[] WORDS = words("""
            a the of and to in with on for from by at about through over under between after
            before into across he she they we it his her their our its was is were had has have
            would could will must never always once again still only every each other another
            story world life love war home city town river sea house family mother father sister
            brother friend stranger secret truth memory journey letter summer winter night morning
            years century book novel reader author voice heart hope fear grief courage freedom
            power justice betrayal promise discovery adventure mystery murder marriage childhood
            old young small vast dangerous quiet brilliant tender strange moving funny haunting
            lyrical acclaimed bestselling remarkable unforgettable finds loses learns returns
            leaves discovers remembers hides follows builds breaks keeps tells writes wonders""");

    /** A category of books. {@code number} is the id in its URL ({@code travel_2}), 2 to 51. */
    public record Category(String name, int number, String dir, List<Product> products) {
        /** The category page's path, relative to the site root. */
        public String path() {
            return "catalogue/category/books/" + dir + "/index.html";
        }
    }

    /**
     * One book. {@code id} runs from the catalogue size down to 1, in listing order, as on the
     * real site; {@code dir} is the detail page's folder ({@code slug_id}).
     */
    public record Product(
            int id,
            String title,
            String dir,
            int priceCents,
            String upc,
            int inStock,
            int rating,
            int reviews,
            int category,
            long descriptionSeed) {
        /** The price as displayed, e.g. {@code £51.77}. */
        public String priceText() {
            return String.format(Locale.ROOT, "\u00a3%d.%02d", priceCents / 100, priceCents % 100);
        }

        public double price() {
            return priceCents / 100.0;
        }

        /** {@code In stock (N available)}. */
        public String availability() {
            return "In stock (" + inStock + " available)";
        }

        /** The star-rating class word, {@code One} to {@code Five}. */
        public String ratingWord() {
            return RATINGS[rating - 1];
        }

        /** The detail page's path, relative to the site root. */
        public String path() {
            return "catalogue/" + dir + "/index.html";
        }

        /** The cover image's path, relative to the site root. */
        public String imagePath() {
            String h = upc;
            return "media/cache/" + h.substring(0, 2) + "/" + h.substring(2, 4) + "/" + h + ".png";
        }

        /** The product description: 6 to 16 generated sentences, ending in {@code ...more}. */
        public String description() {
            Random r = new Random(descriptionSeed);
            StringBuilder b = new StringBuilder(1600);
            int sentences = 6 + r.nextInt(11);
            for (int s = 0; s < sentences; s++) {
                if (s > 0) b.append(' ');
                int n = 8 + r.nextInt(17);
                int start = b.length();
                for (int w = 0; w < n; w++) {
                    if (w > 0) b.append(' ');
                    b.append(WORDS[r.nextInt(WORDS.length)]);
                }
                b.setCharAt(start, Character.toUpperCase(b.charAt(start)));
                b.append(".!?..".charAt(r.nextInt(5)));
            }
            return b.append(" ...more").toString();
        }
    }

    private final List<Product> products;
    private final List<Category> categories;
    private final Map<String, Product> byDir;
    private final Map<String, Category> categoryByDir;

    private BooksCatalogue(List<Product> products, List<Category> categories) {
        this.products = products;
        this.categories = categories;
        Map<String, Product> d = new HashMap<>(products.size() * 2);
        for (Product p : products) d.put(p.dir(), p);
        this.byDir = d;
        Map<String, Category> c = new HashMap<>();
        for (Category k : categories) c.put(k.dir(), k);
        this.categoryByDir = c;
    }

    /**
     * Generates a catalogue of {@code size} books over the 50 categories, every category holding at
     * least one book when {@code size >= 50}.
     */
    public static BooksCatalogue generate(int size, long seed) {
        if (size < 1) throw new IllegalArgumentException("size must be positive: " + size);
        Random r = new Random(seed);
        int[] weights = new int[CATEGORY_NAMES.size()];
        int total = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = new int[] {1, 1, 2, 3, 5, 8}[r.nextInt(6)];
            total += weights[i];
        }
        List<Integer> firstPicks = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) firstPicks.add(i);
        Collections.shuffle(firstPicks, r);

        Set<String> titles = new HashSet<>();
        List<Product> products = new ArrayList<>(size);
        List<List<Product>> members = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) members.add(new ArrayList<>());
        for (int i = 0; i < size; i++) {
            int id = size - i;
            String title = uniqueTitle(r, titles);
            int category;
            if (i < firstPicks.size()) {
                category = firstPicks.get(i);
            } else {
                int x = r.nextInt(total);
                category = 0;
                while (x >= weights[category]) x -= weights[category++];
            }
            Product p = new Product(
                    id,
                    title,
                    Html.slug(title) + "_" + id,
                    1000 + r.nextInt(5000),
                    upc(seed, id),
                    1 + r.nextInt(22),
                    1 + r.nextInt(5),
                    0,
                    category,
                    r.nextLong());
            products.add(p);
            members.get(category).add(p);
        }
        List<Category> categories = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            String name = CATEGORY_NAMES.get(i);
            categories.add(new Category(name, i + 2, Html.slug(name) + "_" + (i + 2), List.copyOf(members.get(i))));
        }
        return new BooksCatalogue(List.copyOf(products), List.copyOf(categories));
    }

    private static String uniqueTitle(Random r, Set<String> seen) {
        for (int attempt = 0; ; attempt++) {
            String t = title(r);
            if (attempt >= 20) t = t + " (Volume " + (seen.size() + 1) + ")";
            if (seen.add(t)) return t;
        }
    }

    private static String title(Random r) {
        String a = pick(r, ADJECTIVES);
        String n = pick(r, NOUNS);
        String m = pick(r, NOUNS);
        return switch (r.nextInt(10)) {
            case 0 -> "The " + a + " " + n;
            case 1 -> n + " & " + m;
            case 2 -> "The " + n + "'s " + m;
            case 3 -> "A " + n + " for the " + m;
            case 4 -> "The " + a + " " + n + " of " + pick(r, PLACES);
            case 5 -> a + " " + n + ": A Memoir";
            case 6 -> "The " + n + " Papers (" + a + " " + m + " #" + (1 + r.nextInt(9)) + ")";
            case 7 -> "Letters to a " + a + " " + n;
            case 8 -> "Why the " + n + " Can't " + pick(r, new String[] {"Sleep", "Stay", "Sing", "Wait", "Forget"});
            default -> n + ", " + m + " & the " + a + " " + pick(r, NOUNS);
        };
    }

    private static String pick(Random r, String[] words) {
        return words[r.nextInt(words.length)];
    }

    /** 16 hex digits, distinct for distinct ids: a bijective 64-bit mix of seed and id. */
    private static String upc(long seed, int id) {
        long z = seed * 0x9E3779B97F4A7C15L + id;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return String.format(Locale.ROOT, "%016x", z);
    }

    private static String[] words(String text) {
        return text.trim().split("\\s+");
    }

    /** The books in listing order (id descending). */
    public List<Product> products() {
        return products;
    }

    public List<Category> categories() {
        return categories;
    }

    public Category category(Product p) {
        return categories.get(p.category());
    }

    /** Listing pages of the whole catalogue. */
    public int listingPages() {
        return (products.size() + PER_PAGE - 1) / PER_PAGE;
    }

    /** The book whose detail folder is {@code dir}, or null. */
    public @Nullable Product byDir(String dir) {
        return byDir.get(dir);
    }

    /** The category whose folder is {@code dir} ({@code travel_2}), or null. */
    public @Nullable Category categoryByDir(String dir) {
        return categoryByDir.get(dir);
    }
}
