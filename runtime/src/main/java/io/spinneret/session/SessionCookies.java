package io.spinneret.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import java.net.CookieStore;
import java.net.HttpCookie;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cookie jar as stored with its session: a JSON array of {@code {name, value, domain, path,
 * secure, httpOnly, expires}} objects, {@code expires} in epoch seconds (-1: a session cookie).
 * The JDK's store keeps a host-only cookie of a dotless host ({@code localhost}) under
 * {@code localhost.local}; that form is stored as it is and given back to the same store.
 */
final class SessionCookies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SessionCookies() {}

    /** The cookies of {@code store} (expired ones are left out by the store) as JSON. */
    static String write(CookieStore store) {
        long now = System.currentTimeMillis() / 1000;
        List<Map<String, Object>> out = new ArrayList<>();
        for (HttpCookie c : store.getCookies()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.getName());
            m.put("value", c.getValue());
            m.put("domain", c.getDomain());
            m.put("path", c.getPath());
            m.put("secure", c.getSecure());
            m.put("httpOnly", c.isHttpOnly());
            m.put("expires", c.getMaxAge() < 0 ? -1 : now + c.getMaxAge());
            out.add(m);
        }
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new SpinneretException("cookies cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /** Adds the cookies of {@code json} to {@code store}, each replacing the one of its name, domain and path. */
    static void read(String json, CookieStore store) {
        List<?> all;
        try {
            all = JSON.readValue(json, List.class);
        } catch (JsonProcessingException e) {
            throw new SpinneretException("a session's stored cookies are not readable: " + e.getMessage(), e);
        }
        long now = System.currentTimeMillis() / 1000;
        for (Object o : all) {
            if (!(o instanceof Map<?, ?> m)
                    || !(m.get("name") instanceof String name)
                    || !(m.get("domain") instanceof String domain)) continue;
            long expires = m.get("expires") instanceof Number n ? n.longValue() : -1;
            if (expires >= 0 && expires <= now) continue;
            HttpCookie c = new HttpCookie(name, m.get("value") instanceof String v ? v : "");
            c.setVersion(0);
            c.setDomain(domain);
            c.setPath(m.get("path") instanceof String p ? p : "/");
            c.setSecure(Boolean.TRUE.equals(m.get("secure")));
            c.setHttpOnly(Boolean.TRUE.equals(m.get("httpOnly")));
            if (expires >= 0) c.setMaxAge(expires - now);
            String host = domain.startsWith(".") ? domain.substring(1) : domain;
            try {
                store.add(URI.create((c.getSecure() ? "https://" : "http://") + host + "/"), c);
            } catch (IllegalArgumentException e) {
                store.add(null, c); // a domain that makes no URI: kept by domain alone
            }
        }
    }
}
