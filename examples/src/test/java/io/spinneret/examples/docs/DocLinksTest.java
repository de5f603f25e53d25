package io.spinneret.examples.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of {@code README.md} and {@code docs/*.md} leads to a file or folder of the
 * repository, and no page speaks of sessions of work ("the eighth session's figures", "this
 * session"): the docs describe the code, and its history lives in git. Sessions as a feature of
 * crawls (docs/sessions.md: a cookie jar, a proxy and a user agent bound together) are another matter.
 */
class DocLinksTest {

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    /** A session counted, placed in time, or of work: the way a log of work speaks, not a page about crawls. */
    static final Pattern WORK_SESSION = Pattern.compile(
            "(?i)\\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
                    + "|\\d+(?:st|nd|rd|th)|this|last|previous|next|earlier|later|latest|work|working|coding)\\s+sessions?\\b");

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
                    if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*") || target.startsWith("#"))
                        continue; // https:, mailto:, an anchor
                    String path = target.replaceAll("#.*", "");
                    Path resolved = file.getParent().resolve(path).normalize();
                    String fromRoot =
                            MarkdownDocs.ROOT.relativize(resolved).toString().replace('\\', '/');
                    if (!Files.exists(resolved)) {
                        broken.add(MarkdownDocs.ROOT.relativize(file) + ":" + (i + 1) + ": " + target + " (no "
                                + fromRoot + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "links to files that do not exist");
    }

    @Test
    void theWorkLogPatternTellsAWorkSessionFromTheFeature() {
        assertTrue(WORK_SESSION.matcher("the eighth session's figures").find());
        assertTrue(WORK_SESSION.matcher("measured in this session").find());
        assertTrue(WORK_SESSION.matcher("the 3rd session").find());
        assertFalse(
                WORK_SESSION.matcher("a session pool retires blocked sessions").find());
        assertFalse(WORK_SESSION
                .matcher("Request.builder(url).session(\"account-2\")")
                .find());
    }

    @Test
    void noPageSpeaksOfSessionsOfWork() {
        List<String> found = new ArrayList<>();
        for (Path file : MarkdownDocs.files()) {
            List<String> lines = MarkdownDocs.lines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = WORK_SESSION.matcher(lines.get(i));
                if (m.find()) found.add(MarkdownDocs.ROOT.relativize(file) + ":" + (i + 1) + ": " + m.group());
            }
        }
        assertEquals(List.of(), found, "the docs describe the code as it is; dated logs of work belong in git");
    }
}
