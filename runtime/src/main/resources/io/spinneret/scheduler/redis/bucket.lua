-- Creates a host bucket's meta for the crawl's epoch, or checks it. KEYS[1]: the bucket's meta.
-- ARGV: epoch, filter, bloom bits (of this bucket), bloom hashes, create ('1' while the crawl's
-- buckets are being created, '0' once they all were: a bucket missing then lost its data).
-- Returns 1 if the bucket holds the epoch (now), or fails with "EPOCH ...".
local e = redis.call('HGET', KEYS[1], 'epoch')
if e == ARGV[1] then return 1 end
if e then return redis.error_reply('EPOCH ' .. KEYS[1] .. ' holds epoch ' .. e .. ', the crawl has epoch ' .. ARGV[1]) end
if ARGV[5] ~= '1' then return redis.error_reply('EPOCH ' .. KEYS[1] .. ' is gone, the crawl has epoch ' .. ARGV[1]) end
redis.call('HSET', KEYS[1], 'epoch', ARGV[1], 'filter', ARGV[2], 'bloom_bits', ARGV[3], 'bloom_hashes', ARGV[4],
  'pending', 0, 'seen', 0, 'lease', 0, 'wake', 0)
return 1
