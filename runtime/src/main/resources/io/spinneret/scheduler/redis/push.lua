-- Enqueues requests unless their fingerprint was seen before.
-- KEYS: pending, inflight, requests, seen, seq
-- ARGV: fingerprint hex, dontFilter ("1" or "0"), priority, request JSON -- four per request
-- Returns how many were enqueued. Every fingerprint is recorded, dontFilter ones included.
-- Pending members are 15-digit sequence ids scored by -priority: Redis orders equal scores by
-- member, so the zset pops the highest priority first and FIFO within a priority.
local added = 0
for i = 1, #ARGV, 4 do
  local fresh = redis.call('SADD', KEYS[4], ARGV[i]) == 1
  if fresh or ARGV[i + 1] == '1' then
    local id = string.format('%015d', redis.call('INCR', KEYS[5]))
    redis.call('ZADD', KEYS[1], -tonumber(ARGV[i + 2]), id)
    redis.call('HSET', KEYS[3], id, ARGV[i + 3])
    added = added + 1
  end
end
return added
