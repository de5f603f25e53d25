-- Forgets finished requests. ARGV: the epoch, then lease ids. If a lease was reclaimed meanwhile and its request
-- is pending again, that request is dropped too (pop skips it: its lease entry is gone): the work
-- is done. (If another node has taken it already, that node's lease stays until it acks.)
-- Returns how many were in flight.
local n = 0
for i = 2, #ARGV do
  local id = ARGV[i]
  local live = redis.call('ZREM', KEYS[5], id)
  n = n + live
  if redis.call('HDEL', KEYS[6], id) == 1 and live == 0 then redis.call('HINCRBY', KEYS[1], 'pending', -1) end
end
return n
