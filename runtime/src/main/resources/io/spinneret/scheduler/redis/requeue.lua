-- Replaces an in-flight request with a new pending one at the back of its priority.
-- KEYS: pending, inflight, requests, seen, seq
-- ARGV: in-flight member, priority, replacement JSON
-- Returns 1, or 0 (nothing done) if the member is no longer in flight.
if redis.call('ZREM', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[3], string.match(ARGV[1], '^(%d+):'))
local id = string.format('%015d', redis.call('INCR', KEYS[5]))
redis.call('ZADD', KEYS[1], -tonumber(ARGV[2]), id)
redis.call('HSET', KEYS[3], id, ARGV[3])
return 1
