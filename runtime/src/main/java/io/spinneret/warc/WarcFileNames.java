package io.spinneret.warc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The names of the files of one WARC output: {@code crawl.warc.gz} first, then
 * {@code crawl-00001.warc.gz}, {@code crawl-00002.warc.gz}, ... as the output is rotated. A name
 * that exists already (an earlier crawl's) is skipped, so no WARC file is ever overwritten or
 * appended to. Public for {@link #isWarc} only: the command line asks it which targets are WARC
 * files without loading {@link WarcRecorder}, and with it jwarc, when a crawl records none.
 */
public final class WarcFileNames {
    private final Path folder;
    private final String stem;
    private final String extension;
    private int next;

    WarcFileNames(Path target) {
        Path abs = target.toAbsolutePath();
        this.folder = abs.getParent();
        String name = abs.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        int cut = lower.endsWith(".warc.gz")
                ? name.length() - ".warc.gz".length()
                : lower.endsWith(".warc") ? name.length() - ".warc".length() : name.length();
        this.stem = name.substring(0, cut);
        this.extension = cut == name.length() ? "" : name.substring(cut);
    }

    /** True for {@code .warc} and {@code .warc.gz} targets, the ones {@code -o} sends here. */
    public static boolean isWarc(String target) {
        String lower = target.toLowerCase(Locale.ROOT);
        return !lower.contains("://") && (lower.endsWith(".warc") || lower.endsWith(".warc.gz"));
    }

    /** The next name that no file has yet. */
    Path nextFree() {
        while (true) {
            Path p = folder.resolve(
                    next == 0 ? stem + extension : String.format(Locale.ROOT, "%s-%05d%s", stem, next, extension));
            next++;
            if (!Files.exists(p)) return p;
        }
    }
}
