/** The Redis-backed, shared frontier of distributed crawls: {@link io.spinneret.scheduler.redis.RedisScheduler}. */
@NullMarked
package io.spinneret.scheduler.redis;

import org.jspecify.annotations.NullMarked;
