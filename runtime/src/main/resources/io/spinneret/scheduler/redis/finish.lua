-- Marks a crawl finished once a node found nothing pending and nothing in flight in any of its
-- host buckets (the node counted them just before, each checking the crawl's epoch): no node can
-- add work any more (new requests come only from in-flight ones).
-- KEYS: the crawl's meta, state. ARGV: node, the crawl's epoch.
-- Returns 1 if the crawl is finished (now or before), or fails with "EPOCH ..." if the crawl's
-- meta lost its data.
local e = redis.call('HGET', KEYS[1], 'epoch')
if e ~= ARGV[2] then
  return redis.error_reply('EPOCH ' .. KEYS[1] .. (e and (' holds epoch ' .. e) or ' is gone') .. ', the crawl has epoch ' .. ARGV[2])
end
if redis.call('HGET', KEYS[2], 'state') == 'finished' then return 1 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[2], 'state', 'finished', 'finished_by', ARGV[1], 'finished_at', now)
return 1
