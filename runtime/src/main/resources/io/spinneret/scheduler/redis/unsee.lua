-- Forgets fingerprints: a page a re-crawl found removed, so that a link bringing it back enqueues
-- it as new. ARGV: the epoch, then one fingerprint (16 bytes) per page.
-- Returns how many were forgotten; -1 when the bucket's filter is a Bloom filter, which cannot
-- forget one fingerprint without forgetting others.
if redis.call('HGET', KEYS[1], 'filter') == 'bloom' then return -1 end
local forgotten = 0
for i = 2, #ARGV do
  local fp = ARGV[i]
  local field = string.sub(fp, 1, 1)
  local v = struct.unpack('>I6', fp, 2)
  local blob = redis.call('HGET', KEYS[7], field) or ''
  local lo, hi = 0, #blob / 6 -- first entry >= v, as push.lua finds it
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if struct.unpack('>I6', blob, mid * 6 + 1) < v then lo = mid + 1 else hi = mid end
  end
  if lo < #blob / 6 and struct.unpack('>I6', blob, lo * 6 + 1) == v then
    blob = string.sub(blob, 1, lo * 6) .. string.sub(blob, lo * 6 + 7)
    if #blob == 0 then redis.call('HDEL', KEYS[7], field) else redis.call('HSET', KEYS[7], field, blob) end
    forgotten = forgotten + 1
  end
end
if forgotten > 0 then redis.call('HINCRBY', KEYS[1], 'seen', -forgotten) end
return forgotten
