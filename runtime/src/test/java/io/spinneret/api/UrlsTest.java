package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlsTest {
    @ParameterizedTest(name = "{1} on {0} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", textBlock = """
            http://h/a/b/c      | d                      | http://h/a/b/d
            http://h/a/b/c      | ../d                   | http://h/a/d
            http://h/a/b/c      | ../../../../d          | http://h/d
            http://h/           | ../book/1              | http://h/book/1
            http://h/a/         | ./x?y=1#f              | http://h/a/x?y=1#f
            http://h/a/b        | /root                  | http://h/root
            http://h/a/b        | //other.org/p          | http://other.org/p
            http://h/a/b        | ?q=2                   | http://h/a/b?q=2
            http://h/a/b        | https://x.org/         | https://x.org/
            http://h/a/b        | '  spaced.html  '      | http://h/a/spaced.html
            http://h/a/b        | a b.html               | http://h/a/a%20b.html
            http://h/a/b        | mailto:me@example.com  | NONE
            http://h/a/b        | javascript:void(0)     | NONE
            http://h/a/b        | data:text/html,hi      | NONE
            http://h/a/b        | tel:+123               | NONE
            http://h/a/b        | ftp://h/file           | NONE
            http://h/a/b        | http://                | NONE
            http://h/a/b        | http://[bad            | NONE
            http://h/a/b        | ''                     | http://h/a/b
            """)
    void resolvesHttpLinksAndSkipsTheRest(String base, String href, String expected) {
        assertEquals(Optional.ofNullable(expected), Urls.resolve(base, href));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            http://Example.COM:80/a/../b?z=1&a=2#frag | http://example.com/b?a=2&z=1
            https://example.com                       | https://example.com/
            http://user@example.com:8080/%7e          | http://user@example.com:8080/~
            not a url                                 | not a url
            """)
    void canonicalForm(String url, String canonical) {
        assertEquals(canonical, Urls.canonicalize(url));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            http://Example.com/x         | example.com
            https://u:p@host.org:8443/y  | host.org
            no-scheme                    | ''
            """)
    void hostIsLowerCase(String url, String host) {
        assertEquals(host, Urls.host(url));
    }

    @Test
    void fastPathAgreesWithFullCanonicalization() {
        String[] hosts = {
            "h.org", "H.org", "h.org:80", "h.org:8080", "h.org:443", "h.org:0443", "u@h.org", "h_x.org", ""
        };
        String[] paths = {
            "", "/", "/a", "/a/./b", "/a/../b", "/.hidden", "/a/..x", "/a.", "/%7E", "/a b", "/é", "/a/", "/[x]", "/a#f"
        };
        String[] queries = {"", "?", "?a=1", "?b=1&a=2", "?a=1&b=2", "?a=1&&b=2", "?a=1&", "?x=%41", "?a=1?b", "?a=1#f"
        };
        int fast = 0;
        for (String scheme : new String[] {"http://", "https://", "HTTP://", "ftp://"}) {
            for (String h : hosts) {
                for (String p : paths) {
                    for (String q : queries) {
                        String url = scheme + h + p + q;
                        assertEquals(UrlCanonicalizer.slowCanonicalize(url), UrlCanonicalizer.canonicalize(url), url);
                        if (UrlCanonicalizer.isCanonical(url)) fast++;
                    }
                }
            }
        }
        Assertions.assertTrue(fast > 50, "the fast path is taken for plain URLs: " + fast);
    }
}
