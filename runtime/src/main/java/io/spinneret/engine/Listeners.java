package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpinneretException;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlListenerProvider;
import io.spinneret.observe.live.LivePage;
import io.spinneret.observe.metrics.MetricsListener;
import io.spinneret.observe.snapshot.ErrorSnapshots;
import io.spinneret.observe.stats.StatsFile;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listeners of one crawl: those given to the builder, the built-in ones the settings turn on
 * ({@code stats_file}, {@code metrics} / {@code metrics_otlp}, {@code ui}, {@code error_snapshots}),
 * and those the {@code listeners} setting names, made by {@link CrawlListenerProvider}s found with
 * {@link ServiceLoader}. Servers are bound here, before the crawl starts, so that a port in use is
 * a clear error; {@link #close} closes every listener that is {@link AutoCloseable}.
 */
public final class Listeners implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);

    private final List<CrawlListener> all;
    private CrawlEvents events = CrawlEvents.none();

    private Listeners(List<CrawlListener> all) {
        this.all = all;
    }

    /** @throws SpinneretException for an unknown listener name or an endpoint that cannot be bound */
    public static Listeners open(Settings settings, ClassLoader loader, List<CrawlListener> given) {
        Listeners opened = new Listeners(new ArrayList<>(given));
        try {
            String statsFile = settings.getString(Setting.STATS_FILE).trim();
            if (!statsFile.isEmpty()) opened.all.add(new StatsFile(Path.of(statsFile)));
            if (metricsWanted(settings)) opened.all.add(MetricsListener.open(settings));
            if (!settings.getString(Setting.UI).isBlank()) opened.all.add(LivePage.open(settings));
            String snapshots = settings.getString(Setting.ERROR_SNAPSHOTS).trim();
            if (!snapshots.isEmpty()) opened.all.add(ErrorSnapshots.of(Path.of(snapshots), settings));
            List<String> names = settings.getList(Setting.LISTENERS);
            if (!names.isEmpty()) opened.all.addAll(named(names, settings, loader));
        } catch (RuntimeException e) {
            opened.close();
            throw e;
        }
        return opened;
    }

    /**
     * Whether the settings ask for metrics at all. Decided here, not in {@link MetricsListener}:
     * loading that class loads Micrometer's, which a crawl without metrics never needs.
     */
    private static boolean metricsWanted(Settings settings) {
        return !settings.getString(Setting.METRICS).isBlank()
                || !settings.getString(Setting.METRICS_OTLP).isBlank();
    }

    private static List<CrawlListener> named(List<String> names, Settings settings, ClassLoader loader) {
        Map<String, CrawlListenerProvider> providers = new TreeMap<>();
        try {
            for (CrawlListenerProvider p : ServiceLoader.load(CrawlListenerProvider.class, loader))
                providers.putIfAbsent(p.name(), p);
        } catch (ServiceConfigurationError e) {
            throw new SpinneretException("cannot load a crawl listener provider: " + e.getMessage(), e);
        }
        List<CrawlListener> out = new ArrayList<>();
        for (String name : names) {
            CrawlListenerProvider p = providers.get(name.trim());
            if (p == null) {
                throw new SpinneretException("listeners: no listener named '" + name.trim() + "'; "
                        + (providers.isEmpty()
                                ? "no CrawlListenerProvider is on the class path"
                                : "known: " + String.join(", ", providers.keySet())));
            }
            out.add(p.create(settings));
        }
        return out;
    }

    /** The crawl's event hub; {@link CrawlEvents#none()} when nobody listens. */
    public CrawlEvents events(Stats stats) {
        if (!all.isEmpty()) events = CrawlEvents.of(all, stats);
        return events;
    }

    @Override
    public void close() {
        events.abandon(); // their threads, if the crawl failed before it closed
        for (CrawlListener l : all) {
            if (l instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    LOG.warn(
                            "closing crawl listener {} failed: {}", l.getClass().getName(), e.toString());
                }
            }
        }
    }
}
