-- A node's heartbeat in the crawl's node list (for 'status'): when it last beat, by the server's
-- clock, how many leases it holds, and (some of) them.
-- KEYS: nodes (a hash of node to "<beat ms> <lease count> <lease> <lease> ...")
-- ARGV: node, lease count, then up to a thousand of its in-flight members
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local parts = { tostring(now), ARGV[2] }
for i = 3, #ARGV do parts[#parts + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], ARGV[1], table.concat(parts, ' '))
return now
