package io.spinneret.testing;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A scheduler that records the URLs of the requests given back to it, and that a crawl's end does not close (the test reads it after). */
public class RequeueRecordingScheduler extends ForwardingScheduler {
    /** The URLs requeued, in order. */
    public final List<String> requeued = new CopyOnWriteArrayList<>();

    public RequeueRecordingScheduler(Scheduler delegate) {
        super(delegate);
    }

    @Override
    public void requeue(Lease lease, Request request) {
        requeued.add(request.url());
        super.requeue(lease, request);
    }

    @Override
    public void close() {}
}
