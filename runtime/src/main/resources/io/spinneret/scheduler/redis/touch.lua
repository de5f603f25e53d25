-- Keeps this node's live leases from being reclaimed: re-stamps the in-flight members it still
-- holds with the server's TIME. ZADD XX only updates members that exist, so a lease that was
-- reclaimed meanwhile (and perhaps taken again under another member) is left alone.
-- KEYS: pending, inflight, requests, seen, seq
-- ARGV: in-flight members. Returns how many were still in flight.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = 0
for _, member in ipairs(ARGV) do
  n = n + redis.call('ZADD', KEYS[2], 'XX', 'CH', now, member)
end
return n
