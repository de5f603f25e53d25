-- Replaces an in-flight request with a new pending one at the back of its host's queue of its
-- priority. ARGV: the epoch, lease id, host, priority, record of the replacement.
-- Returns the bucket's wake count if it had nothing pending before, 0 if it had, or -1 (nothing
-- done) if the lease is no longer in flight.
if redis.call('ZREM', KEYS[5], ARGV[2]) == 0 then return -1 end
redis.call('HDEL', KEYS[6], ARGV[2])
enqueue(ARGV[3], tonumber(ARGV[4]), ARGV[5])
return flush()
