-- Politeness per host for all nodes of a crawl, on the server's clock (TIME), so nodes with
-- skewed clocks agree.
-- ARGV[1] = 'acquire': KEYS[1] = the host's next free start (microseconds), KEYS[2] = the host's
--   requests in flight (sorted set of pass tokens scored by lease expiry, milliseconds);
--   ARGV[2] delay (microseconds), ARGV[3] most in flight (0: no limit), ARGV[4] the pass token,
--   ARGV[5] lease (milliseconds).
--   Returns -1 if the host has its most in flight (try again later); otherwise takes an
--   in-flight place (when limited), books the next start at least the delay after the previous
--   booking, and returns the microseconds to wait until this one.
-- ARGV[1] = 'touch': KEYS[1] = a host's requests in flight; ARGV[2] lease (milliseconds),
--   ARGV[3..] tokens of passes still held. Extends their leases, so only a dead node's places
--   expire. Returns how many were still there.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local nowMs = math.floor(now / 1000)
if ARGV[1] == 'touch' then
  local lease = tonumber(ARGV[2])
  local n = 0
  for i = 3, #ARGV do
    n = n + redis.call('ZADD', KEYS[1], 'XX', 'CH', nowMs + lease, ARGV[i])
  end
  redis.call('PEXPIRE', KEYS[1], lease)
  return n
end
local delay = tonumber(ARGV[2])
local most = tonumber(ARGV[3])
if most > 0 then
  local lease = tonumber(ARGV[5])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', nowMs)
  if redis.call('ZCARD', KEYS[2]) >= most then return -1 end
  redis.call('ZADD', KEYS[2], nowMs + lease, ARGV[4])
  redis.call('PEXPIRE', KEYS[2], lease)
end
if delay <= 0 then return 0 end
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local free = start + delay
redis.call('SET', KEYS[1], string.format('%.0f', free), 'PX', math.floor((free - now) / 1000) + 1000)
return start - now
