package io.spinneret.observe;

import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;

/** Records every event as a line ({@code response 200 /book/1}), in the order it got them. */
public class RecordingListener implements CrawlListener {
    public final List<String> events = new CopyOnWriteArrayList<>();
    public final CountDownLatch closedLatch = new CountDownLatch(1);
    public volatile @Nullable CrawlOpened opened;
    public volatile @Nullable CrawlClosed closed;

    private static String path(Request r) {
        return URI.create(r.url()).getPath();
    }

    public long count(String prefix) {
        return events.stream().filter(e -> e.startsWith(prefix)).count();
    }

    @Override
    public void crawlOpened(CrawlOpened crawl) {
        opened = crawl;
        events.add("opened " + crawl.spider());
    }

    @Override
    public void requestScheduled(Request r) {
        events.add("scheduled " + path(r));
    }

    @Override
    public void requestDropped(Request r, String reason) {
        events.add("dropped " + reason + " " + path(r));
    }

    @Override
    public void requestStarted(Request r) {
        events.add("started " + path(r));
    }

    @Override
    public void responseReceived(Request r, int status, long bytes, Duration latency) {
        events.add("response " + status + " " + path(r));
    }

    @Override
    public void requestFailed(Failure f, @Nullable String errback) {
        events.add("failed " + f.status() + " " + path(f.request()));
    }

    @Override
    public void itemScraped(Object item) {
        events.add("item " + item.getClass().getSimpleName());
    }

    @Override
    public void itemDropped(Object item, String reason) {
        events.add("item-dropped " + reason);
    }

    @Override
    public void crawlClosed(CrawlClosed crawl) {
        closed = crawl;
        events.add("closed " + crawl.stopReason());
        closedLatch.countDown();
    }
}
