-- The crawl's index of the host buckets with pending requests: KEYS[1], a hash of bucket to the
-- wake count it had when it was listed (frontier.lua: a bucket's wake count grows each time its
-- pending goes from 0 to more). ARGV: op ('add' or 'drop'), then bucket, wake count pairs.
-- 'add' lists the buckets (a newer wake count wins); 'drop' unlists a bucket a pop left empty,
-- only if no push woke it since (its listed count is still the one given). Returns 1.
for i = 2, #ARGV, 2 do
  local listed = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '-1')
  local wake = tonumber(ARGV[i + 1])
  if ARGV[1] == 'add' then
    if wake > listed then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
  elseif listed == wake then
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
end
return 1
