package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.options.Cookie;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrowserCookiesTest {
    private static Cookie cookie(String name, String value, String domain) {
        return new Cookie(name, value).setDomain(domain).setPath("/");
    }

    private static List<String> names(List<Cookie> cookies) {
        return cookies.stream().map(c -> c.name + "=" + c.value + "@" + c.domain).toList();
    }

    @Test
    void aSlotTakesWhatOthersChangedAndNotItsOwnCookiesBack() {
        BrowserCookies jar = new BrowserCookies();
        long first = jar.update(List.of(cookie("session", "s1", "a.example")), 0);
        assertEquals(jar.version(), first, "the first slot was up to date, and its own cookie needs no taking back");
        assertEquals(List.of("session=s1@a.example"), names(jar.since(0)), "a new context takes everything");

        long second = jar.update(List.of(cookie("session", "s1", "a.example"), cookie("theme", "dark", "a.example")), 0);
        assertEquals(0, second, "the second slot had not taken the first one's cookie yet");
        assertEquals(List.of("theme=dark@a.example"), names(jar.since(first)), "an unchanged cookie keeps its version");

        jar.update(List.of(cookie("session", "s2", "a.example"), cookie("session", "x", "b.example")), jar.version());
        assertEquals(List.of("session=s2@a.example", "session=x@b.example"), names(jar.since(first + 1)),
                "a new value replaces the old one; another domain is another cookie");
    }
}
