package io.spinneret.budget;

import io.spinneret.annotations.Setting;
import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.scheduler.memory.MemoryPageBudget;
import io.spinneret.settings.Settings;
import io.spinneret.spi.PageBudget;
import io.spinneret.url.Domains;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code max_pages_per_host} and {@code max_pages_per_domain} for one crawl: before a request of
 * the frontier is fetched, its page is counted in the scheduler's {@link PageBudget} (so every
 * node spends one budget); once its host's or domain's budget is spent it is dropped with the
 * setting's name as the reason ({@code dropped/max_pages_per_host}), and the host or domain is
 * remembered, with the setting that stopped it, for the crawl's summary. Thread-safe.
 */
public final class HostBudgets {
    private static final Logger LOG = LoggerFactory.getLogger(HostBudgets.class);

    private final PageBudget store;
    private final long perHost;
    private final long perDomain;
    /** Host or domain to the setting that stopped it, e.g. {@code max_pages_per_host=100}. */
    private final Map<String, String> stopped = new ConcurrentHashMap<>();

    private HostBudgets(PageBudget store, long perHost, long perDomain) {
        this.store = store;
        this.perHost = perHost;
        this.perDomain = perDomain;
    }

    /**
     * The budgets the settings ask for, counted in the scheduler's {@code store}, or in this process
     * for a scheduler that keeps none; null when neither is set.
     */
    public static @Nullable HostBudgets from(Settings settings, @Nullable PageBudget store) {
        long perHost = settings.getLong(Setting.MAX_PAGES_PER_HOST);
        long perDomain = settings.getLong(Setting.MAX_PAGES_PER_DOMAIN);
        if (perHost == 0 && perDomain == 0) return null;
        return new HostBudgets(store != null ? store : new MemoryPageBudget(), perHost, perDomain);
    }

    /**
     * Counts the request's page, or refuses it.
     *
     * @throws DropRequest when its host's or domain's budget is spent
     */
    public void admit(Request request) {
        String host = request.host();
        String domain = perDomain > 0 ? Domains.registrable(host) : host;
        PageBudget.Verdict verdict =
                store.admit(host, domain, request.fingerprint().hex(), perHost, perDomain);
        switch (verdict) {
            case ADMITTED -> {}
            case HOST_SPENT -> throw refused(Setting.MAX_PAGES_PER_HOST, perHost, "host " + host, host);
            case DOMAIN_SPENT -> throw refused(Setting.MAX_PAGES_PER_DOMAIN, perDomain, "domain " + domain, domain);
        }
    }

    private DropRequest refused(Setting setting, long max, String what, String name) {
        String limit = setting.key() + "=" + max;
        if (stopped.putIfAbsent(name, limit) == null)
            LOG.info("{} reached {}: its other pages are not fetched", what, limit);
        return new DropRequest(setting.key(), what + " reached " + limit);
    }

    /** The hosts and domains whose budget stopped requests, by name, each with the setting that stopped it. */
    public Map<String, String> stopped() {
        return new TreeMap<>(stopped);
    }
}
