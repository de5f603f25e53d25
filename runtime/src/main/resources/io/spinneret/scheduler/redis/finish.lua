-- Marks a crawl finished when a node leaves it with nothing pending and nothing in flight
-- anywhere: no node can add work any more (new requests come only from in-flight ones).
-- KEYS: the frontier's eight (frontier.lua: meta first, inflight fifth), then state
-- ARGV: node
-- Returns 1 if the crawl is finished (now or before), 0 if work is left.
if tonumber(redis.call('HGET', KEYS[1], 'pending') or '0') > 0 or redis.call('ZCARD', KEYS[5]) > 0 then return 0 end
if redis.call('HGET', KEYS[9], 'state') == 'finished' then return 1 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[9], 'state', 'finished', 'finished_by', ARGV[1], 'finished_at', now)
return 1
