package io.spinneret.examples.replica;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The data behind the quotes replica: 100 generated quotes (unique texts) by a few dozen invented
 * authors, each quote with up to four tags. Deterministic ({@code java.util.Random}, fixed seed);
 * immutable and thread-safe.
 */
public final class QuotesCatalogue {
    /** Quotes per page, as on quotes.toscrape.com. */
    public static final int PER_PAGE = 10;

    static final List<String> TAGS = List.of(
            "love",
            "life",
            "inspirational",
            "humor",
            "books",
            "reading",
            "friendship",
            "truth",
            "philosophy",
            "hope",
            "change",
            "courage",
            "wisdom",
            "writing",
            "success",
            "time",
            "music",
            "science",
            "dreams",
            "fear",
            "art",
            "knowledge",
            "happiness",
            "simile",
            "choices");

    private static final String[] FIRST = ("Ada Basil Clara Dmitri Edith Felix Greta Hugo Irene Jonas Kira Leon "
                    + "Mabel Nikolai Olive Pablo Quentin Rosa Silas Thea Ulric Vera Walter Yusuf Zora")
            .split(" ");
    private static final String[] LAST = ("Abernathy Blackwood Castellano Dunmore Eriksen Fairweather Galloway "
                    + "Halloran Ivanova Jablonski Kowalczyk Lindqvist Marchetti Novak Okafor Pemberton Quill Rasmussen "
                    + "Sandoval Thornbury Underhill Valdez Whitlock Yamada Zeller")
            .split(" ");
    private static final String[] NOUNS = ("love, life, courage, truth, silence, kindness, a book, a friend, "
                    + "the future, the past, laughter, fear, hope, wisdom, music, patience, a dream, the sea, time, art, "
                    + "failure, a garden, curiosity, memory, freedom, a promise, the night")
            .split(", ");
    private static final String[] ADJECTIVES = ("quiet small honest brave patient foolish gentle borrowed stubborn "
                    + "curious restless generous hidden ordinary strange")
            .split(" ");
    private static final String[] VERBS = ("keep give love read fear trust forgive follow remember forget build "
                    + "share carry find lose")
            .split(" ");

    /** An author with the facts shown on the author page. */
    public record Author(String name, String slug, String born, String location, String description) {}

    /** A quote; {@code text} includes the curly quotation marks, as on the real site. */
    public record Quote(String text, Author author, List<String> tags) {}

    private final List<Quote> quotes;
    private final Map<String, Author> authors;

    private QuotesCatalogue(List<Quote> quotes, Map<String, Author> authors) {
        this.quotes = quotes;
        this.authors = authors;
    }

    /** The 100-quote catalogue of the replica. */
    public static QuotesCatalogue generate(long seed) {
        Random r = new Random(seed);
        List<Author> authors = new ArrayList<>();
        Set<String> names = new HashSet<>();
        while (authors.size() < 30) {
            String name = FIRST[r.nextInt(FIRST.length)] + " " + LAST[r.nextInt(LAST.length)];
            if (!names.add(name)) continue;
            String location = "in " + LAST[r.nextInt(LAST.length)] + "ville, "
                    + new String[] {"Norway", "Italy", "Chile", "Kenya", "Japan", "Canada", "Poland", "Ireland"}
                            [r.nextInt(8)];
            String born = new String[] {"January", "March", "May", "July", "September", "November"}[r.nextInt(6)] + " "
                    + (1 + r.nextInt(28)) + ", " + (1800 + r.nextInt(180));
            String description = name + " wrote about " + pick(r, NOUNS) + " and " + pick(r, NOUNS)
                    + ", and was known for a " + pick(r, ADJECTIVES)
                    + " sense of humour. Their letters, collected after their"
                    + " death, fill " + (2 + r.nextInt(9)) + " volumes.";
            authors.add(new Author(name, name.replace(' ', '-'), born, location, description));
        }
        Set<String> texts = new HashSet<>();
        List<Quote> quotes = new ArrayList<>();
        while (quotes.size() < 100) {
            String text = "\u201c" + sentence(r) + "\u201d";
            if (!texts.add(text)) continue;
            // a few prolific authors, as on the real site
            Author a = authors.get(Math.min(r.nextInt(authors.size()), r.nextInt(authors.size())));
            TreeSet<String> tags = new TreeSet<>();
            int n = r.nextInt(5);
            while (tags.size() < n) tags.add(TAGS.get(r.nextInt(TAGS.size())));
            quotes.add(new Quote(text, a, List.copyOf(tags)));
        }
        Map<String, Author> bySlug = new LinkedHashMap<>();
        for (Quote q : quotes) bySlug.putIfAbsent(q.author().slug(), q.author());
        return new QuotesCatalogue(List.copyOf(quotes), bySlug);
    }

    private static String sentence(Random r) {
        String n1 = pick(r, NOUNS);
        String n2 = pick(r, NOUNS);
        String adj = pick(r, ADJECTIVES);
        String v1 = pick(r, VERBS);
        String v2 = pick(r, VERBS);
        return switch (r.nextInt(8)) {
            case 0 ->
                capitalize(n1) + " you " + v1 + " is the " + n2.replaceFirst("^(a|the) ", "") + " you " + v2 + ".";
            case 1 -> "Never " + v1 + " " + n1 + " that cannot " + v2 + " " + n2 + ".";
            case 2 -> "A " + adj + " heart will " + v1 + " " + n1 + " long after it has forgotten " + n2 + ".";
            case 3 -> "We don't " + v1 + " " + n1 + "; " + n1 + " teaches us to " + v2 + ".";
            case 4 -> capitalize(n1) + " & " + n2 + " are the two halves of every " + adj + " life.";
            case 5 -> "It is not " + n1 + " that matters, but the " + adj + " way we " + v1 + " it.";
            case 6 -> "If you want " + n1 + ", " + v1 + " " + n2 + " first, and be " + adj + " about it.";
            default -> "Every " + adj + " day is a chance to " + v1 + " " + n1 + " and to " + v2 + " " + n2 + ".";
        };
    }

    private static String capitalize(String s) {
        return s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private static String pick(Random r, String[] words) {
        return words[r.nextInt(words.length)];
    }

    public List<Quote> quotes() {
        return quotes;
    }

    /** Authors of at least one quote, in order of first appearance. */
    public List<Author> authors() {
        return List.copyOf(authors.values());
    }

    public @Nullable Author author(String slug) {
        return authors.get(slug);
    }

    /** The quotes carrying {@code tag}, in catalogue order. */
    public List<Quote> tagged(String tag) {
        return quotes.stream().filter(q -> q.tags().contains(tag)).toList();
    }

    /** The ten most used tags, most used first. */
    public List<String> topTags() {
        return TAGS.stream()
                .sorted((a, b) -> Integer.compare(tagged(b).size(), tagged(a).size()))
                .limit(10)
                .toList();
    }
}
