-- A node's heartbeat in the crawl's node list (for 'status'): when it last beat, by the server's
-- clock, and the leases it holds.
-- KEYS: nodes (a hash of node to "<beat ms> <lease> <lease> ...")
-- ARGV: node, then its in-flight members
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local entry = tostring(now)
for i = 2, #ARGV do entry = entry .. ' ' .. ARGV[i] end
redis.call('HSET', KEYS[1], ARGV[1], entry)
return now
