package io.spinneret.testing;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SharedThrottle;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A scheduler that forwards to another; tests override what they want to observe or slow down. */
public class ForwardingScheduler implements Scheduler {
    protected final Scheduler delegate;

    public ForwardingScheduler(Scheduler delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean push(Request request) {
        return delegate.push(request);
    }

    @Override
    public int pushAll(List<Request> requests) {
        return delegate.pushAll(requests);
    }

    @Override
    public boolean[] pushEach(List<Request> requests) {
        return delegate.pushEach(requests);
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        return delegate.poll(timeout);
    }

    @Override
    public void ack(Lease lease) {
        delegate.ack(lease);
    }

    @Override
    public void requeue(Lease lease, Request request) {
        delegate.requeue(lease, request);
    }

    @Override
    public long pendingCount() {
        return delegate.pendingCount();
    }

    @Override
    public long inFlightCount() {
        return delegate.inFlightCount();
    }

    @Override
    public long seenCount() {
        return delegate.seenCount();
    }

    @Override
    public boolean isShared() {
        return delegate.isShared();
    }

    @Override
    public boolean othersLive() {
        return delegate.othersLive();
    }

    @Override
    public @Nullable SharedThrottle sharedThrottle() {
        return delegate.sharedThrottle();
    }

    @Override
    public boolean isPersistent() {
        return delegate.isPersistent();
    }

    @Override
    public @Nullable PageRecords pageRecords() {
        return delegate.pageRecords();
    }

    @Override
    public boolean unsee(Request request) {
        return delegate.unsee(request);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
