-- Checks that the crawl's keys are in this layout (ARGV[1], its version), or creates them with
-- the seen filter ARGV[2] (exact | bloom), ARGV[3] bits and ARGV[4] hashes (bloom only) and the
-- epoch ARGV[5].
-- KEYS: the crawl's meta, then the frontier keys an older layout kept under the crawl's own prefix
-- (ring, hosts, chunks, inflight, leased, seen, bloom): found, they are refused.
-- Fails with "LAYOUT <found>" on keys of another layout, which must not be read as this one.
-- Returns the crawl's filter, bloom bits, bloom hashes, epoch (those of whoever created it) and
-- whether every bucket was created ('1') or may still be being created ('0').
local v = redis.call('HGET', KEYS[1], 'layout')
if v then
  if v ~= ARGV[1] then return redis.error_reply('LAYOUT version ' .. v) end
else
  for i = 2, #KEYS do
    if redis.call('EXISTS', KEYS[i]) == 1 then return redis.error_reply('LAYOUT unversioned') end
  end
  redis.call('HSET', KEYS[1], 'layout', ARGV[1], 'filter', ARGV[2], 'bloom_bits', ARGV[3], 'bloom_hashes', ARGV[4],
    'epoch', ARGV[5], 'ready', '0')
end
return redis.call('HMGET', KEYS[1], 'filter', 'bloom_bits', 'bloom_hashes', 'epoch', 'ready')
