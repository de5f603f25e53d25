-- Forgets finished requests. ARGV: in-flight members. If an entry was reclaimed meanwhile and is
-- pending again, it is dropped from pending too: the work is done. (If another node has taken it
-- already, that node's entry stays until it acks; the request JSON is gone, so a reclaim of that
-- entry finds nothing to hand out.)
-- KEYS: pending, inflight, requests, seen, seq
-- Returns how many were in flight.
local n = 0
for _, member in ipairs(ARGV) do
  local id = string.match(member, '^(%d+):')
  n = n + redis.call('ZREM', KEYS[2], member)
  redis.call('ZREM', KEYS[1], id)
  redis.call('HDEL', KEYS[3], id)
end
return n
