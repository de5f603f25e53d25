package io.spinneret.observe;

import io.spinneret.settings.Settings;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Registered in this module's test {@code META-INF/services}: the listener {@code recording}, remembered for the test. */
public final class RecordingListenerProvider implements CrawlListenerProvider {
    public static final List<RecordingListener> CREATED = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public CrawlListener create(Settings settings) {
        RecordingListener l = new RecordingListener();
        CREATED.add(l);
        return l;
    }
}
