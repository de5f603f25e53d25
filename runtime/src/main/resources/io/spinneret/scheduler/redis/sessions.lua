-- The sessions of a crawl (RedisSessionStore): one hash of session id to its JSON, and the set of
-- the pooled sessions not retired. Each operation on one session is atomic for all nodes.
-- KEYS: sessions (hash), live (set of live pooled ids)
-- ARGV: op, id, then the op's arguments
local op, id = ARGV[1], ARGV[2]
local raw = redis.call('HGET', KEYS[1], id)
if op == 'create' then -- ARGV[3]: the fresh session's JSON; ARGV[4]: '1' if pooled
  if raw then return raw end
  redis.call('HSET', KEYS[1], id, ARGV[3])
  if ARGV[4] == '1' then redis.call('SADD', KEYS[2], id) end
  return ARGV[3]
end
if not raw then return -1 end
local s = cjson.decode(raw)
if op == 'use' then
  if s.retired then return -1 end
  s.uses = s.uses + 1
  redis.call('HSET', KEYS[1], id, cjson.encode(s))
  return s.uses
elseif op == 'retire' then
  redis.call('SREM', KEYS[2], id)
  if s.retired then return 0 end
  s.retired = true
  s.cookies = '[]'
  redis.call('HSET', KEYS[1], id, cjson.encode(s))
  return 1
elseif op == 'cookies' then -- ARGV[3]: the cookies' JSON
  if s.retired then return 0 end
  s.cookies = ARGV[3]
  redis.call('HSET', KEYS[1], id, cjson.encode(s))
  return 1
end
return redis.error_reply('unknown sessions op ' .. op)
