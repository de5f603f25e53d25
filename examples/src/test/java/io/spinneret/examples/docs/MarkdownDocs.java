package io.spinneret.examples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The project's Markdown: {@code README.md} and {@code docs/*.md}, their fenced code blocks and their prose lines. */
final class MarkdownDocs {
    /** The repository's root: the examples module's parent (Surefire runs tests in the module's directory). */
    static final Path ROOT = Path.of(System.getProperty("spinneret.repository.root", ".."))
            .toAbsolutePath()
            .normalize();

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})\\s*([^`\\s]*)\\s*(.*?)\\s*$");

    private MarkdownDocs() {}

    /** A fenced code block: its language, the words after it, and its text; {@code firstLine} is the 1-based line of its first code line. */
    record Block(Path file, int fenceLine, String language, String info, String code) {
        int firstLine() {
            return fenceLine + 1;
        }

        String where() {
            return ROOT.relativize(file) + ":" + fenceLine;
        }
    }

    static List<Path> files() {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("README.md"));
        Path docs = ROOT.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> s = Files.list(docs)) {
                s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every fenced code block of a file; an unclosed fence runs to the end of the file, as CommonMark says. */
    static List<Block> blocks(Path file) {
        List<String> lines = lines(file);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) continue;
            String fence = open.group(1);
            StringBuilder code = new StringBuilder();
            int j = i + 1;
            for (; j < lines.size(); j++) {
                String l = lines.get(j).strip();
                if (l.startsWith(fence) && l.chars().allMatch(c -> c == fence.charAt(0))) break;
                code.append(lines.get(j)).append('\n');
            }
            blocks.add(new Block(file, i + 1, open.group(2), open.group(3), code.toString()));
            i = j;
        }
        return blocks;
    }

    /** The lines outside fenced code blocks, with their 1-based numbers (null for the lines inside one). */
    static List<String> proseLines(Path file) {
        List<String> lines = new ArrayList<>(lines(file));
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (fence == null) {
                Matcher open = FENCE.matcher(l);
                if (open.matches()) {
                    fence = open.group(1);
                    lines.set(i, null);
                }
            } else {
                String s = l.strip();
                char c0 = fence.charAt(0);
                if (s.startsWith(fence) && s.chars().allMatch(c -> c == c0)) fence = null;
                lines.set(i, null);
            }
        }
        return lines;
    }
}
