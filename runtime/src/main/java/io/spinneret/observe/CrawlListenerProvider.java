package io.spinneret.observe;

import io.spinneret.settings.Settings;

/**
 * Makes a user's own {@link CrawlListener} available by name to the {@code listeners} setting.
 * Found with {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/io.spinneret.observe.CrawlListenerProvider} (or let auto-service write
 * that file), next to the spider or on the class path. The runtime never loads a listener class by
 * name; the provider is the only way in.
 *
 * <pre>{@code
 * public final class SlowPagesProvider implements CrawlListenerProvider {
 *     public String name() { return "slow_pages"; }
 *     public CrawlListener create(Settings settings) { return new SlowPages(); }
 * }
 * // settings.toml:  listeners = ["slow_pages"]
 * }</pre>
 */
public interface CrawlListenerProvider {
    /** The name written in the {@code listeners} setting: letters, digits, {@code _} and {@code -}. */
    String name();

    /** A new listener for one crawl with these settings; called once per crawl that names it. */
    CrawlListener create(Settings settings);
}
