package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FingerprintTest {
    @ParameterizedTest(name = "{0} == {1}")
    @CsvSource(delimiter = '|', textBlock = """
            http://example.com/a            | HTTP://EXAMPLE.COM/a
            http://example.com/a            | http://example.com:80/a
            https://example.com/a           | https://example.com:443/a
            http://example.com              | http://example.com/
            http://example.com/a#top        | http://example.com/a
            http://example.com/a?b=2&a=1    | http://example.com/a?a=1&b=2
            http://example.com/%7Euser      | http://example.com/~user
            http://example.com/a%2fb        | http://example.com/a%2Fb
            http://example.com/a/./b/../c   | http://example.com/a/c
            http://example.com/a?x=%41      | http://example.com/a?x=A
            http://example.com/a b          | http://example.com/a%20b
            http://example.com/é            | http://example.com/%C3%A9
            """)
    void sameRequestWhateverTheSpelling(String a, String b) {
        assertEquals(
                Fingerprint.of(Request.of(a)),
                Fingerprint.of(Request.of(b)),
                Urls.canonicalize(a) + " vs " + Urls.canonicalize(b));
    }

    @ParameterizedTest(name = "{0} != {1}")
    @CsvSource(delimiter = '|', textBlock = """
            http://example.com/a           | https://example.com/a
            http://example.com/a           | http://example.com/A
            http://example.com/a           | http://example.com:8080/a
            http://example.com/a           | http://example.org/a
            http://example.com/a?x=1       | http://example.com/a?x=2
            http://example.com/a?x=1       | http://example.com/a
            http://example.com/a/          | http://example.com/a
            http://example.com/a%2Fb       | http://example.com/a/b
            http://example.com/a?x=1&x=2   | http://example.com/a?x=1
            """)
    void differentResources(String a, String b) {
        assertNotEquals(Fingerprint.of(Request.of(a)), Fingerprint.of(Request.of(b)));
    }

    @Test
    void methodAndBodyArePartOfTheIdentity() {
        Request get = Request.of("http://example.com/form");
        Request post = Request.builder("http://example.com/form")
                .method("POST")
                .body("q=1")
                .build();
        Request post2 = Request.builder("http://example.com/form")
                .method("post")
                .body("q=2")
                .build();
        Request postSame = Request.builder("http://example.com/form")
                .method("POST")
                .body("q=1")
                .header("X", "y")
                .build();
        assertNotEquals(get.fingerprint(), post.fingerprint());
        assertNotEquals(post.fingerprint(), post2.fingerprint());
        assertEquals(post.fingerprint(), postSame.fingerprint(), "headers are not part of the identity");
        assertEquals(
                get.fingerprint(),
                Request.of("http://example.com/form", "detail").fingerprint(),
                "nor is the callback");
    }

    @Test
    void hexRoundTrips() {
        Fingerprint f = Request.of("http://example.com/").fingerprint();
        assertEquals(32, f.hex().length());
        assertEquals(f, Fingerprint.fromHex(f.hex()));
    }
}
