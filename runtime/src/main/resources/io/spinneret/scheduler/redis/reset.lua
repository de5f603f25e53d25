-- Starts a namespace afresh if its crawl is finished: nothing pending and nothing in flight
-- (or whatever is left, with ARGV[1] = 'force': --new-crawl).
-- KEYS: pending, inflight, requests, seen, seq
-- Returns the number of seen fingerprints dropped, or -1 (nothing done) if work is left.
if ARGV[1] ~= 'force' and (redis.call('ZCARD', KEYS[1]) > 0 or redis.call('ZCARD', KEYS[2]) > 0) then return -1 end
local seen = redis.call('SCARD', KEYS[4])
-- UNLINK frees the memory in the background: a seen set of millions would block the server
redis.call('UNLINK', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
return seen
