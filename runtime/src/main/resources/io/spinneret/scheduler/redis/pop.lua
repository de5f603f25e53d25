-- Moves up to ARGV[1] pending requests into in-flight, stamped with the server's TIME, after
-- putting back in-flight entries older than the visibility timeout (ARGV[2], milliseconds): their
-- node died or is stuck. Using the server's clock keeps nodes with skewed clocks from stealing
-- each other's live work.
-- KEYS: pending, inflight, requests, seen, seq
-- In-flight members are "<id>:<score>:<time taken>": a reclaim restores the priority without
-- decoding JSON, and each taking of a request is a distinct member, so a node whose lease was
-- reclaimed can no longer ack or requeue the new holder's entry.
-- Returns { reclaimed count, member, json, member, json, ... }.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[2]), 'LIMIT', 0, 256)
for _, member in ipairs(expired) do
  local id, score = string.match(member, '^(%d+):([^:]+):')
  redis.call('ZREM', KEYS[2], member)
  redis.call('ZADD', KEYS[1], tonumber(score), id)
end
local out = { #expired }
local popped = redis.call('ZPOPMIN', KEYS[1], tonumber(ARGV[1]))
for i = 1, #popped, 2 do
  local id = popped[i]
  local json = redis.call('HGET', KEYS[3], id)
  if json then
    local member = id .. ':' .. popped[i + 1] .. ':' .. now
    redis.call('ZADD', KEYS[2], now, member)
    out[#out + 1] = member
    out[#out + 1] = json
  end
end
return out
