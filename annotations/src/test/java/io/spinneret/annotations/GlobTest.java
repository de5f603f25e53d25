package io.spinneret.annotations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GlobTest {
    private static boolean matches(String glob, String s) {
        return Glob.compile(glob).matcher(s).matches();
    }

    @Test
    void starsQuestionMarksSetsAndAlternatives() {
        assertTrue(matches("/docs/*.html", "/docs/a.html"));
        assertFalse(matches("/docs/*.html", "/docs/sub/a.html"), "* stays within a segment");
        assertTrue(matches("/docs/**.html", "/docs/sub/a.html"));
        assertTrue(matches("/p?.html", "/p1.html"));
        assertFalse(matches("/p?.html", "/p/.html"));
        assertTrue(matches("/[a-c]x", "/bx"));
        assertFalse(matches("/[!a-c]x", "/bx"));
        assertTrue(matches("/a.{png,gif}", "/a.gif"));
        assertFalse(matches("/a.{png,gif}", "/a.jpg"));
        assertTrue(matches("/a+b(c)$", "/a+b(c)$"), "regex characters match themselves");
        assertTrue(matches("/\\*", "/*"));
    }

    @Test
    void globsThatDoNotCompileSayWhereAndWhy() {
        assertEquals(
                "unclosed '[' at index 3",
                assertThrows(IllegalArgumentException.class, () -> Glob.toRegex("/a/[bc"))
                        .getMessage());
        assertEquals(
                "unclosed '{' at index 1",
                assertThrows(IllegalArgumentException.class, () -> Glob.toRegex("/{a,b"))
                        .getMessage());
        assertEquals(
                "'}' without '{' at index 2",
                assertThrows(IllegalArgumentException.class, () -> Glob.toRegex("/a}"))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> Glob.toRegex(""));
    }
}
