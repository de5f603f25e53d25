-- Keeps this node's live leases from being reclaimed: re-stamps the in-flight leases it still
-- holds with the server's TIME. ZADD XX only updates members that exist, so a lease that was
-- reclaimed meanwhile (and perhaps taken again under another id) is left alone.
-- ARGV: the epoch, then lease ids. Returns how many were still in flight.
local now = now_ms()
local n = 0
for i = 2, #ARGV do
  local id = ARGV[i]
  n = n + redis.call('ZADD', KEYS[5], 'XX', 'CH', now, id)
end
return n
