package io.spinneret.url;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The basic URL parser against expectations written from the URL Standard's text (not from
 * running the code), one table per part of the algorithm. Each row: base, input, the expected
 * serialization, or FAIL where the standard returns failure (or the scheme is not http(s)).
 * Inputs are written with Java escapes where they hold tabs, newlines or backslashes.
 */
class UrlParserTest {
    private static void check(String base, String input, String expected) {
        HttpUrl b = base.isEmpty() ? null : UrlParser.parse(base).orElseThrow();
        String in = unescape(input);
        Optional<String> got = UrlParser.parse(in, b).map(HttpUrl::href);
        assertEquals(
                expected.equals("FAIL") ? Optional.empty() : Optional.of(expected), got, "'" + input + "' on " + base);
    }

    /** Java's escapes, {@code \\uXXXX} included (which {@link String#translateEscapes} leaves alone). */
    static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\' && i + 5 < s.length() && s.charAt(i + 1) == 'u') {
                out.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 5;
            } else {
                out.append(s.charAt(i));
            }
        }
        return out.toString().translateEscapes();
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # step 1: leading and trailing C0 controls and spaces are trimmed
            http://h/a/b | '  x  '                    | http://h/a/x
            http://h/a/b | \\u0001\\u001fx\\u0000     | http://h/a/x
            http://h/a/b | ' http://o.org/ '          | http://o.org/
            # step 2: ASCII tab and newline are removed anywhere, even inside the scheme and host
            http://h/a/b | ht\\ttp://ex\\nample.com/p\\r | http://example.com/p
            http://h/a/b | /a\\tb\\nc                 | http://h/abc
            http://h/a/b | ?q\\n=1                    | http://h/a/b?q=1
            http://h/a/b | #f\\tg                     | http://h/a/b#fg
            # spaces inside are not removed: they are percent-encoded in the path
            http://h/a/b | a b                        | http://h/a/a%20b
            """)
    void inputCleanup(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # the scheme is lower-cased; only http and https are kept
            ''           | HTTP://Example.com/       | http://example.com/
            ''           | hTtPs://x.org             | https://x.org/
            http://h/a/b | mailto:me@x.org           | FAIL
            http://h/a/b | javascript:void(0)        | FAIL
            http://h/a/b | data:text/html,hi         | FAIL
            http://h/a/b | ftp://h/file              | FAIL
            http://h/a/b | file:///etc/passwd        | FAIL
            http://h/a/b | ws://h/                   | FAIL
            # a scheme-looking prefix with a bad character is a relative path
            http://h/a/b | a_b:c                     | http://h/a/a_b:c
            http://h/a/b | 1http:x                   | http://h/a/1http:x
            # no scheme and no base
            ''           | //x.org/                  | FAIL
            ''           | x.org                     | FAIL
            # the same special scheme as the base without slashes is relative to it
            http://h/a/b | http:foo                  | http://h/a/foo
            http://h/a/b | http:/foo                 | http://h/foo
            http://h/a/b | http:?q                   | http://h/a/b?q
            # another special scheme without slashes: its authority follows the colon
            http://h/a/b | https:host                | https://host/
            http://h/a/b | https:/host/p             | https://host/p
            https://h/   | http:host:81/p            | http://host:81/p
            # any number of slashes (or backslashes) before the authority
            http://h/a/b | https:///host/p           | https://host/p
            http://h/a/b | https:\\\\\\\\host/p          | https://host/p
            http://h/a/b | ///other/p                | http://other/p
            """)
    void schemes(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # backslash is a path separator in special URLs, everywhere before the query
            http://h/a/b | x\\\\..\\\\y               | http://h/a/y
            http://h/a/b | \\\\root                   | http://h/root
            http://h/a/b | \\\\\\\\other.org\\\\p         | http://other.org/p
            ''           | http://h\\\\p\\\\q            | http://h/p/q
            # ... but not in the query or fragment, where it is kept as it is
            http://h/a/b | ?a\\\\b                    | http://h/a/b?a\\\\b
            http://h/a/b | #a\\\\b                    | http://h/a/b#a\\\\b
            """)
    void backslashes(String base, String input, String expected) {
        check(base, input, unescape(expected));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # RFC 3986's examples that the URL Standard agrees with
            http://h/a/b/c | d                        | http://h/a/b/d
            http://h/a/b/c | ./d                      | http://h/a/b/d
            http://h/a/b/c | ../d                     | http://h/a/d
            http://h/a/b/c | ../../../../d            | http://h/d
            http://h/a/b/c | .                        | http://h/a/b/
            http://h/a/b/c | ..                       | http://h/a/
            http://h/a/b/c | ./                       | http://h/a/b/
            http://h/a/b/c | /./x/../y                | http://h/y
            http://h/a/b/c | ''                       | http://h/a/b/c
            http://h/a/b/c | g?y/./x                  | http://h/a/b/g?y/./x
            http://h/a/b/c | g#s/../x                 | http://h/a/b/g#s/../x
            http://h/a/b/c | ..g                      | http://h/a/b/..g
            http://h/a/b/c | g.                       | http://h/a/b/g.
            # dot segments spelled with %2e, in any case
            http://h/a/b/c | %2e/d                    | http://h/a/b/d
            http://h/a/b/c | %2E%2e/d                 | http://h/a/d
            http://h/a/b/c | .%2E/d                   | http://h/a/d
            http://h/a/b/c | %2e./d                   | http://h/a/d
            http://h/a/b/c | /a/%2e%2E                | http://h/
            http://h/a/b/c | %2e%2e%2e/d              | http://h/a/b/%2e%2e%2e/d
            # a dot segment last leaves an empty segment (a trailing slash)
            ''             | http://h/a/b/..          | http://h/a/
            ''             | http://h/a/.?q           | http://h/a/?q
            ''             | http://h/..              | http://h/
            # empty segments are kept
            ''             | http://h//a//b           | http://h//a//b
            ''             | http://h                 | http://h/
            """)
    void pathsAndDotSegments(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # path percent-encode set: C0, space, " # < > ? ^ ` { } and non-ASCII; not | [ ] ' or %
            http://h/    | /a"b<c>d                  | http://h/a%22b%3Cc%3Ed
            http://h/    | /^`{}                     | http://h/%5E%60%7B%7D
            http://h/    | /|[]'!$&()*+,;=:@         | http://h/|[]'!$&()*+,;=:@
            http://h/    | /é                        | http://h/%C3%A9
            http://h/    | /€𝄞                       | http://h/%E2%82%AC%F0%9D%84%9E
            http://h/    | /\\u007f                  | http://h/%7F
            # a stray % is left alone, an escape is kept with its case
            http://h/    | /100%                     | http://h/100%
            http://h/    | /%zz%4a%4A                | http://h/%zz%4a%4A
            # query set of special URLs: C0, space, " # < > and '; not ` { } ^ |
            http://h/    | ?a b"c<d>e'f              | http://h/?a%20b%22c%3Cd%3Ee%27f
            http://h/    | ?`{}^|[]                  | http://h/?`{}^|[]
            http://h/    | ?q=é                      | http://h/?q=%C3%A9
            http://h/    | ??&=/                     | http://h/??&=/
            http://h/    | ?%                        | http://h/?%
            # fragment set: C0, space, " < > `; not # { }
            http://h/    | #a b"<>`                  | http://h/#a%20b%22%3C%3E%60
            http://h/    | #a#b{}é                   | http://h/#a#b{}%C3%A9
            # an empty query or fragment is kept
            http://h/    | /p?                       | http://h/p?
            http://h/    | /p#                       | http://h/p#
            """)
    void percentEncodeSets(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # relative references keep what comes before their first component
            http://u:p@h:81/a/b?q#f | ?x          | http://u:p@h:81/a/b?x
            http://u:p@h:81/a/b?q#f | #g          | http://u:p@h:81/a/b?q#g
            http://u:p@h:81/a/b?q#f | c           | http://u:p@h:81/a/c
            http://u:p@h:81/a/b?q#f | /c          | http://u:p@h:81/c
            http://u:p@h:81/a/b?q#f | //o/c       | http://o/c
            http://u:p@h:81/a/b?q#f | ''          | http://u:p@h:81/a/b?q
            """)
    void relativeReferences(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # userinfo percent-encode set; the first : splits user from password
            ''  | http://us er:pa:ss@h/          | http://us%20er:pa%3Ass@h/
            ''  | http://a@b@h/                  | http://a%40b@h/
            ''  | http://user:@h/                | http://user@h/
            ''  | http://:pass@h/                | http://:pass@h/
            ''  | http://@h/                     | http://h/
            ''  | http://é;=[]|^@h/              | http://%C3%A9%3B%3D%5B%5D%7C%5E@h/
            # an @ with nothing after it has no host
            ''  | http://user@/p                 | FAIL
            ''  | http://user@                   | FAIL
            """)
    void userinfo(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # the default port goes, other ports stay; leading zeros are read away
            ''  | http://h:80/                   | http://h/
            ''  | https://h:443/                 | https://h/
            ''  | http://h:443/                  | http://h:443/
            ''  | https://h:80/                  | https://h:80/
            ''  | http://h:0080/                 | http://h/
            ''  | http://h:00000000000081/       | http://h:81/
            ''  | http://h:0/                    | http://h:0/
            ''  | http://h:65535/                | http://h:65535/
            ''  | http://h:/                     | http://h/
            # out of range or not digits
            ''  | http://h:65536/                | FAIL
            ''  | http://h:99999/                | FAIL
            ''  | http://h:8o/                   | FAIL
            ''  | http://h:-1/                   | FAIL
            ''  | http://h:80:81/                | FAIL
            ''  | http://:80/                    | FAIL
            """)
    void ports(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # the last number fills the bytes left; decimal, octal (0) and hex (0x) parts
            ''  | http://127.0.0.1/              | http://127.0.0.1/
            ''  | http://127.1/                  | http://127.0.0.1/
            ''  | http://127.0.1/                | http://127.0.0.1/
            ''  | http://2130706433/             | http://127.0.0.1/
            ''  | http://0x7f000001/             | http://127.0.0.1/
            ''  | http://0X7F.1/                 | http://127.0.0.1/
            ''  | http://0177.0.0.01/            | http://127.0.0.1/
            ''  | http://0x/                     | http://0.0.0.0/
            ''  | http://0/                      | http://0.0.0.0/
            ''  | http://1.2.3.4./               | http://1.2.3.4/
            ''  | http://4294967295/             | http://255.255.255.255/
            ''  | http://0xffffffff/             | http://255.255.255.255/
            ''  | http://192.168.0.257/          | FAIL
            ''  | http://4294967296/             | FAIL
            ''  | http://256.0.0.1/              | FAIL
            ''  | http://1.2.3.4.5/              | FAIL
            ''  | http://1.2.3.0x100/            | FAIL
            ''  | http://1..2/                   | FAIL
            ''  | http://09/                     | FAIL
            ''  | http://0x1g/                   | http://0x1g/
            ''  | http://a.0x/                   | FAIL
            ''  | http://999999999999999999999999/ | FAIL
            # not ending in a number: a domain
            ''  | http://1.2.3.a/                | http://1.2.3.a/
            ''  | http://0x1g.a/                 | http://0x1g.a/
            ''  | http://1.2.3.09a/              | http://1.2.3.09a/
            # full-width digits are mapped to ASCII by IDNA first
            ''  | http://１２７.０.０.１/         | http://127.0.0.1/
            """)
    void ipv4(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # lower-case hex, no leading zeros, the first longest run of 2+ zero pieces as ::
            ''  | http://[::1]/                  | http://[::1]/
            ''  | http://[0:0:0:0:0:0:0:1]/      | http://[::1]/
            ''  | http://[2001:DB8::0001]:8080/  | http://[2001:db8::1]:8080/
            ''  | http://[1:0:0:2:0:0:0:3]/      | http://[1:0:0:2::3]/
            ''  | http://[1:0:0:2:0:0:3:4]/      | http://[1::2:0:0:3:4]/
            ''  | http://[1:2:3:4:5:6:0:8]/      | http://[1:2:3:4:5:6:0:8]/
            ''  | http://[::]/                   | http://[::]/
            ''  | http://[::ffff:192.168.0.1]/   | http://[::ffff:c0a8:1]/
            ''  | http://[::127.0.0.1]/          | http://[::7f00:1]/
            ''  | http://[1:2:3:4:5:6:7::]/      | http://[1:2:3:4:5:6:7:0]/
            ''  | http://[fe80::1]:80/           | http://[fe80::1]/
            ''  | http://[1:2:3:4:5:6:7:8:9]/    | FAIL
            ''  | http://[1::2::3]/              | FAIL
            ''  | http://[:1]/                   | FAIL
            ''  | http://[1:]/                   | FAIL
            ''  | http://[12345::]/              | FAIL
            ''  | http://[::1.2.3]/              | FAIL
            ''  | http://[::1.2.3.256]/          | FAIL
            ''  | http://[::01.2.3.4]/           | FAIL
            ''  | http://[1:2:3:4:5:6:7:1.2.3.4]/ | FAIL
            ''  | http://[::1/                   | FAIL
            ''  | http://[g::1]/                 | FAIL
            """)
    void ipv6(String base, String input, String expected) {
        check(base, input, expected);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiterString = " | ", textBlock = """
            # ASCII domains are lower-cased
            ''  | http://EXAMPLE.Com/            | http://example.com/
            ''  | http://a..b/                   | http://a..b/
            ''  | http://-a-.b_c/                | http://-a-.b_c/
            ''  | http://h./                     | http://h./
            # percent-decoded before mapping
            ''  | http://%41.com/                | http://a.com/
            ''  | http://%C3%BC.de/              | http://xn--tda.de/
            # UTS 46 mapping to punycode (nontransitional: ß and ς stay)
            ''  | http://bücher.example/         | http://xn--bcher-kva.example/
            ''  | http://BÜCHER.example/         | http://xn--bcher-kva.example/
            ''  | http://XN--BCHER-KVA.example/  | http://xn--bcher-kva.example/
            ''  | http://faß.de/                 | http://xn--fa-hia.de/
            ''  | http://日本語.jp/               | http://xn--wgv71a119e.jp/
            ''  | http://example。com/           | http://example.com/
            ''  | http://ｅｘａｍｐｌｅ.com/       | http://example.com/
            ''  | http://a\\u00adb.com/           | http://ab.com/
            # forbidden domain code points, invalid punycode and disallowed code points fail
            ''  | http://a b/                    | FAIL
            ''  | http://a<b/                    | FAIL
            ''  | http://a^b/                    | FAIL
            ''  | http://a|b/                    | FAIL
            ''  | http://a%b/                    | FAIL
            ''  | http://a%25b/                  | FAIL
            ''  | http://%00/                    | FAIL
            ''  | http://a%2Fb/                  | FAIL
            ''  | http://xn--a/                  | FAIL
            ''  | http://\\u0000x/               | FAIL
            ''  | http:///                       | FAIL
            ''  | http://                        | FAIL
            ''  | http://[bad                    | FAIL
            """)
    void domains(String base, String input, String expected) {
        check(base, input, expected);
    }
}
