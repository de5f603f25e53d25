package io.spinneret.download.http;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A crawl's cookie jar: the JDK's {@link CookieManager} (cookies only from the server they are
 * for), reading {@code Domain} as RFC 6265 does. The JDK follows the older RFC 2965 and drops
 * {@code Set-Cookie: sid=1; Domain=example.com} from {@code www.example.com}, because the domain
 * lacks its leading dot; RFC 6265 ignores that dot, browsers accept both, and servers mostly send
 * the form without it. So the dot is added before the JDK reads the header. Thread-safe.
 */
public final class CookieJar extends CookieManager {
    private static final Pattern DOMAIN =
            Pattern.compile("(;\\s*domain\\s*=\\s*)([^;.\\s][^;\\s]*)", Pattern.CASE_INSENSITIVE);

    public CookieJar() {
        super(null, CookiePolicy.ACCEPT_ORIGINAL_SERVER);
    }

    @Override
    public void put(URI uri, Map<String, List<String>> responseHeaders) throws IOException {
        Map<String, List<String>> headers = null;
        boolean setsCookies = false;
        for (Map.Entry<String, List<String>> e : responseHeaders.entrySet()) {
            String name = e.getKey();
            if (!"Set-Cookie".equalsIgnoreCase(name) && !"Set-Cookie2".equalsIgnoreCase(name))
                continue; // no allocation per header
            setsCookies = true;
            List<String> fixed = new ArrayList<>(e.getValue().size());
            boolean changed = false;
            for (String v : e.getValue()) {
                String f = withLeadingDot(v);
                changed |= !f.equals(v);
                fixed.add(f);
            }
            if (changed) {
                if (headers == null) headers = new LinkedHashMap<>(responseHeaders);
                headers.put(e.getKey(), fixed);
            }
        }
        // most responses set no cookie, and CookieManager.put looks up its logger on every call (1-2 % of a crawl's
        // CPU)
        if (setsCookies) super.put(uri, headers == null ? responseHeaders : headers);
    }

    /** {@code sid=1; Domain=example.com} as {@code sid=1; Domain=.example.com}; other values unchanged. */
    static String withLeadingDot(String setCookie) {
        Matcher m = DOMAIN.matcher(setCookie);
        return m.find() ? setCookie.substring(0, m.start(2)) + "." + setCookie.substring(m.start(2)) : setCookie;
    }
}
