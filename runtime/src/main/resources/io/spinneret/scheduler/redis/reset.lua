-- Starts a namespace afresh if its crawl is finished: nothing pending and nothing in flight.
-- KEYS: pending, inflight, requests, seen, seq
-- Returns the number of seen fingerprints dropped, or -1 (nothing done) if work is left.
if redis.call('ZCARD', KEYS[1]) > 0 or redis.call('ZCARD', KEYS[2]) > 0 then return -1 end
local seen = redis.call('SCARD', KEYS[4])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
return seen
