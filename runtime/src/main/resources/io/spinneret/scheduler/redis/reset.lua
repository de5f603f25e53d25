-- Starts a crawl afresh if it is finished: nothing pending and nothing in flight (or whatever is
-- left, with ARGV[1] = 'force': --new-crawl).
-- Returns the number of seen fingerprints dropped, or -1 (nothing done) if work is left.
if ARGV[1] ~= 'force' and (tonumber(redis.call('HGET', KEYS[1], 'pending') or '0') > 0 or redis.call('ZCARD', KEYS[5]) > 0) then return -1 end
local seen = tonumber(redis.call('HGET', KEYS[1], 'seen') or '0')
-- UNLINK frees the memory in the background: a seen set of millions would block the server
redis.call('UNLINK', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8])
return seen
