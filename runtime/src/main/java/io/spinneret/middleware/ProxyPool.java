package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Secrets;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * HTTP proxies handed out round robin, skipping those in cooldown. A proxy reported as failing
 * ({@link #fail}) is left out for the cooldown, then comes back by itself. When every proxy is
 * cooling down the pool still answers, with the one that comes back first: a crawl configured with
 * proxies never silently goes direct. Thread-safe and lock-free.
 *
 * <p>Entries are {@code http://host:port}, with {@code user:pass@} before the host for a proxy that
 * asks for Basic credentials; {@code host:port} means the same. Other schemes are
 * rejected because {@code java.net.http} speaks to HTTP proxies only (https targets go through them
 * with CONNECT).
 */
public final class ProxyPool {
    private final List<Entry> entries;
    private final long cooldownNanos;
    private final LongSupplier clock;
    private final AtomicLong cursor = new AtomicLong();

    private record Entry(String url, AtomicLong coolUntil) {}

    /** @param clock nanoseconds, {@link System#nanoTime} outside tests */
    ProxyPool(List<String> proxies, Duration cooldown, LongSupplier clock) {
        LinkedHashSet<String> unique = new LinkedHashSet<>();
        for (String p : proxies) unique.add(normalize(p));
        List<Entry> list = new ArrayList<>();
        for (String p : unique) list.add(new Entry(p, new AtomicLong(Long.MIN_VALUE)));
        this.entries = List.copyOf(list);
        this.cooldownNanos = cooldown.toNanos();
        this.clock = clock;
    }

    public ProxyPool(List<String> proxies, Duration cooldown) {
        this(proxies, cooldown, System::nanoTime);
    }

    /**
     * The pool of {@code proxies} plus the lines of {@code proxy_file} (blank lines and {@code #}
     * comments skipped), with {@code proxy_cooldown}.
     *
     * @throws InvalidSettingException if an entry is not an HTTP proxy URL
     * @throws UncheckedIOException if the proxy file cannot be read
     */
    public static ProxyPool from(Settings settings) {
        List<String> all = new ArrayList<>(settings.getList(Setting.PROXIES));
        String file = settings.getString(Setting.PROXY_FILE);
        if (!file.isBlank()) {
            try {
                for (String line : Files.readAllLines(Path.of(file))) {
                    int hash = line.indexOf('#');
                    String p = (hash >= 0 ? line.substring(0, hash) : line).strip();
                    if (!p.isEmpty()) all.add(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read proxy_file " + file + ": " + e.getMessage(), e);
            }
        }
        return new ProxyPool(all, settings.getDuration(Setting.PROXY_COOLDOWN));
    }

    /** {@code http://host:port} for any accepted spelling of an HTTP proxy. */
    static String normalize(String proxy) {
        String p = proxy.strip();
        if (!p.contains("://")) p = "http://" + p;
        try {
            URI u = new URI(p);
            if (!"http".equalsIgnoreCase(u.getScheme())
                    || u.getHost() == null
                    || u.getPort() < 0
                    || !(u.getPath() == null
                            || u.getPath().isEmpty()
                            || u.getPath().equals("/"))) {
                throw new InvalidSettingException(
                        "proxy \"" + redact(proxy) + "\" is not an HTTP proxy; write http://host:port");
            }
            return "http://" + (u.getRawUserInfo() != null ? u.getRawUserInfo() + "@" : "")
                    + u.getHost().toLowerCase(Locale.ROOT) + ":" + u.getPort();
        } catch (URISyntaxException e) {
            throw new InvalidSettingException("proxy \"" + redact(proxy) + "\" is not a URL; write http://host:port");
        }
    }

    /**
     * {@code proxy} with its password replaced by {@code ***} ({@link Secrets#redact}): what messages
     * and logs show of a proxy, so that no password reaches a log, a summary or an error line.
     */
    public static String redact(String proxy) {
        return Secrets.redact(proxy);
    }

    public Duration cooldown() {
        return Duration.ofNanos(cooldownNanos);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int size() {
        return entries.size();
    }

    /** All proxies, in configuration order. */
    public List<String> proxies() {
        return entries.stream().map(Entry::url).toList();
    }

    /** Proxies not in cooldown right now. */
    public int healthyCount() {
        long now = clock.getAsLong();
        int n = 0;
        for (Entry e : entries) if (healthy(e.coolUntil.get(), now)) n++;
        return n;
    }

    /** The next healthy proxy round robin, or the one that comes back first; empty for an empty pool. */
    public Optional<String> next() {
        int n = entries.size();
        if (n == 0) return Optional.empty();
        long now = clock.getAsLong();
        int start = (int) Math.floorMod(cursor.getAndIncrement(), (long) n);
        Entry soonest = entries.get(start);
        for (int i = 0; i < n; i++) {
            Entry e = entries.get((start + i) % n);
            long until = e.coolUntil.get();
            if (healthy(until, now)) return Optional.of(e.url);
            if (until - soonest.coolUntil.get() < 0) soonest = e;
        }
        return Optional.of(soonest.url);
    }

    /**
     * Puts {@code proxy} into cooldown from now on.
     *
     * @return true if it was healthy until now (so a burst of failures through one proxy counts once)
     */
    public boolean fail(String proxy) {
        long now = clock.getAsLong();
        for (Entry e : entries) {
            if (e.url.equals(proxy)) {
                long before = e.coolUntil.getAndSet(now + cooldownNanos);
                return healthy(before, now);
            }
        }
        return false;
    }

    private static boolean healthy(long coolUntil, long now) {
        return coolUntil == Long.MIN_VALUE
                || coolUntil - now <= 0; // MIN_VALUE: never failed (nanoTime may be negative)
    }
}
