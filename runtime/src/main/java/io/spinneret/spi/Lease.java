package io.spinneret.spi;

import io.spinneret.api.Request;

/**
 * A request taken from a {@link Scheduler} into the in-flight state. Hand it back with
 * {@link Scheduler#ack} once its work is done, or {@link Scheduler#requeue} to retry it later.
 *
 * @param id the scheduler's own handle of the in-flight entry (row id, Redis member, counter)
 * @param request the request
 */
public record Lease(String id, Request request) {}
