-- Counts a page against the page budgets of its host and domain (PageBudget), atomically for
-- every node. KEYS[1]: the crawl's budget hash: 'h|<host>' and 'd|<domain>' -> pages admitted,
-- 'f|<fingerprint>' -> 1 for each page admitted. ARGV: host, domain, fingerprint, pages per
-- host, pages per domain (0 = no limit).
-- Returns 0 admitted (now or before), 1 the host's budget is spent, 2 the domain's.
if redis.call('HEXISTS', KEYS[1], 'f|' .. ARGV[3]) == 1 then return 0 end
local per_host, per_domain = tonumber(ARGV[4]), tonumber(ARGV[5])
if per_host > 0 and tonumber(redis.call('HGET', KEYS[1], 'h|' .. ARGV[1]) or '0') >= per_host then return 1 end
if per_domain > 0 and tonumber(redis.call('HGET', KEYS[1], 'd|' .. ARGV[2]) or '0') >= per_domain then return 2 end
if per_host > 0 then redis.call('HINCRBY', KEYS[1], 'h|' .. ARGV[1], 1) end
if per_domain > 0 then redis.call('HINCRBY', KEYS[1], 'd|' .. ARGV[2], 1) end
redis.call('HSET', KEYS[1], 'f|' .. ARGV[3], 1)
return 0
