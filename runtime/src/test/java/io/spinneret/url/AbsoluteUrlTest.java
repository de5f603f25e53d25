package io.spinneret.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A URL a user gives: taken as a browser takes it, or refused with the reason. */
class AbsoluteUrlTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://127.1/ | http://127.0.0.1/",
                "HTTP://Example.COM:80/a/../b | http://example.com/b",
                "' https://example.com/%%%?q={t}#a#b ' | https://example.com/%%%?q={t}#a#b",
                "http:example.com/x | http://example.com/x",
            })
    void aUrlIsSerializedAsTheUrlStandardSays(String input, String href) {
        assertEquals(href, AbsoluteUrl.href(input));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "127.0.0.1:8092/ | '127.0.0.1:8092/' is not an absolute http(s) URL: it has no scheme (http:// or https://) and there is"
                        + " no page to resolve it against (did you mean http://127.0.0.1:8092/?)",
                "localhost:8080/x | 'localhost:8080/x' is not an absolute http(s) URL: its scheme is 'localhost', not http or https"
                        + " (did you mean http://localhost:8080/x?)",
                "example.com | 'example.com' is not an absolute http(s) URL: it has no scheme (http:// or https://) and there is"
                        + " no page to resolve it against (did you mean http://example.com?)",
                "http://127.0.0.1:99999/ | 'http://127.0.0.1:99999/' is not an absolute http(s) URL: its port is above 65535",
                "http://h:8o/ | 'http://h:8o/' is not an absolute http(s) URL: its port is not a number",
                "ftp://example.com/ | 'ftp://example.com/' is not an absolute http(s) URL: its scheme is 'ftp', not http or https",
                "mailto:a@example.com | 'mailto:a@example.com' is not an absolute http(s) URL: its scheme is 'mailto', not http or https",
                "http://a b/ | 'http://a b/' is not an absolute http(s) URL: its host 'a b' is not a valid host name or address",
                "http:// | 'http://' is not an absolute http(s) URL: it has no host",
                "/page/2 | '/page/2' is not an absolute http(s) URL: it has no scheme (http:// or https://) and there is no page to"
                        + " resolve it against",
            })
    void aRefusalSaysWhy(String input, String message) {
        assertEquals(
                message,
                assertThrows(IllegalArgumentException.class, () -> AbsoluteUrl.parse(input))
                        .getMessage());
    }
}
