-- Enqueues requests unless their fingerprint was seen before, each at the back of its host's
-- queue of its priority.
-- ARGV: the epoch, then five per request: fingerprint (16 bytes), dontFilter ("1" or "0"), host, priority, record
-- Returns { a string of one character per request, in order: '1' if it was enqueued, '0' if it was
-- a duplicate; the bucket's wake count if it had nothing pending before, else 0 }. Every
-- fingerprint is recorded, dontFilter ones included.
local meta = redis.call('HMGET', KEYS[1], 'filter', 'bloom_bits', 'bloom_hashes')
local bloom = meta[1] == 'bloom'
local bits, hashes = tonumber(meta[2]), tonumber(meta[3])
local buckets = {} -- exact filter: bucket -> sorted fingerprints, written at the end
local fresh_count = 0

-- exact: the first 7 bytes of the fingerprint; 1 names the field, 6 are kept, sorted. With the
-- host bucket (a fingerprint is only compared within its host's bucket) that is as many fields
-- over the crawl, and as few collisions, as 2 and 6 bytes of one set
local function exact_add(fp)
  local field = string.sub(fp, 1, 1)
  local v = struct.unpack('>I6', fp, 2)
  local blob = buckets[field] or redis.call('HGET', KEYS[7], field) or ''
  local lo, hi = 0, #blob / 6 -- first entry >= v
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if struct.unpack('>I6', blob, mid * 6 + 1) < v then lo = mid + 1 else hi = mid end
  end
  if lo < #blob / 6 and struct.unpack('>I6', blob, lo * 6 + 1) == v then
    buckets[field] = blob
    return false
  end
  buckets[field] = string.sub(blob, 1, lo * 6) .. string.sub(fp, 2, 7) .. string.sub(blob, lo * 6 + 1)
  return true
end

-- bloom: bit positions h1 + i * h2 (mod bits) from the last 8 bytes (Kirsch-Mitzenmacher)
local function bloom_add(fp)
  local h1 = struct.unpack('>I4', fp, 9)
  local h2 = struct.unpack('>I4', fp, 13)
  local fresh = false
  for i = 0, hashes - 1 do
    if redis.call('SETBIT', KEYS[8], math.fmod(h1 + i * h2, bits), 1) == 0 then fresh = true end
  end
  return fresh
end

local flags = {}
for i = 2, #ARGV, 5 do
  local fresh
  if bloom then fresh = bloom_add(ARGV[i]) else fresh = exact_add(ARGV[i]) end
  if fresh then fresh_count = fresh_count + 1 end
  if fresh or ARGV[i + 1] == '1' then
    enqueue(ARGV[i + 2], tonumber(ARGV[i + 3]), ARGV[i + 4])
    flags[#flags + 1] = '1'
  else
    flags[#flags + 1] = '0'
  end
end
for field, blob in pairs(buckets) do redis.call('HSET', KEYS[7], field, blob) end
if fresh_count > 0 then redis.call('HINCRBY', KEYS[1], 'seen', fresh_count) end
local woke = flush()
return { table.concat(flags), woke }
