-- Replaces an in-flight request with a new pending one at the back of its host's queue of its
-- priority. ARGV: lease id, host, priority, record of the replacement.
-- Returns 1, or 0 (nothing done) if the lease is no longer in flight.
if redis.call('ZREM', KEYS[5], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[6], ARGV[1])
enqueue(ARGV[2], tonumber(ARGV[3]), ARGV[4])
flush()
return 1
