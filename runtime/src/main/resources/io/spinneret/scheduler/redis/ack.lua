-- Forgets finished requests. ARGV: in-flight members. If an entry was reclaimed meanwhile (it is
-- pending again, or in flight on another node), it is dropped there too: the work is done.
-- KEYS: pending, inflight, requests, seen, seq
-- Returns how many were in flight.
local n = 0
for _, member in ipairs(ARGV) do
  local id = string.sub(member, 1, string.find(member, ':', 1, true) - 1)
  n = n + redis.call('ZREM', KEYS[2], member)
  redis.call('ZREM', KEYS[1], id)
  redis.call('HDEL', KEYS[3], id)
end
return n
