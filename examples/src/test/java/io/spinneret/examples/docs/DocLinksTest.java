package io.spinneret.examples.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of {@code README.md} and {@code docs/*.md} leads to a file or folder of the
 * repository, and no page speaks of sessions or dates of work ("the eighth session's figures"):
 * the docs describe the code, and its history lives in git.
 */
class DocLinksTest {

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern SESSION_WORDS = Pattern.compile(
            "(?i)\\bsessions?\\b");

    @Test
    void relativeLinksLeadToFilesOfTheRepository() {
        List<String> broken = new ArrayList<>();
        for (Path file : MarkdownDocs.files()) {
            List<String> lines = MarkdownDocs.proseLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i) == null) continue;
                Matcher m = LINK.matcher(INLINE_CODE.matcher(lines.get(i)).replaceAll(""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*") || target.startsWith("#")) continue; // https:, mailto:, an anchor
                    String path = target.replaceAll("#.*", "");
                    Path resolved = file.getParent().resolve(path).normalize();
                    String fromRoot = MarkdownDocs.ROOT.relativize(resolved).toString().replace('\\', '/');
                    if (!Files.exists(resolved)) {
                        broken.add(MarkdownDocs.ROOT.relativize(file) + ":" + (i + 1) + ": " + target + " (no " + fromRoot + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "links to files that do not exist");
    }

    @Test
    void noPageSpeaksOfSessions() {
        List<String> found = new ArrayList<>();
        for (Path file : MarkdownDocs.files()) {
            List<String> lines = MarkdownDocs.lines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = SESSION_WORDS.matcher(lines.get(i));
                if (m.find()) found.add(MarkdownDocs.ROOT.relativize(file) + ":" + (i + 1) + ": " + m.group());
            }
        }
        assertEquals(List.of(), found, "the docs describe the code as it is; dated logs of work belong in git");
    }
}
