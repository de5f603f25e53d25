-- Drops a host bucket's frontier (a new crawl, --new-crawl). KEYS: the bucket's frontier keys
-- (frontier.lua). Returns the number of seen fingerprints dropped.
local seen = tonumber(redis.call('HGET', KEYS[1], 'seen') or '0')
-- UNLINK frees the memory in the background: a seen set of millions would block the server
redis.call('UNLINK', unpack(KEYS))
return seen
