-- Takes up to ARGV[3] requests into in-flight, stamped with the server's TIME, after returning
-- in-flight entries older than the visibility timeout (ARGV[2], milliseconds): their node died or
-- is stuck. ARGV[4] (optional): the server's time when the node sent this pop, as the node
-- estimates it. Using the server's clock keeps nodes with skewed clocks from stealing each other's
-- live work. A reclaimed request goes back to the front of its host's queue of its priority. Then
-- the host at the front of the bucket's ring serves, and goes to the back if it has more: hosts
-- take turns, each its highest priority first, FIFO within one. ARGV[3] = 0 only reclaims and
-- counts (a sweep of the buckets).
-- Each taking is a new lease id, so a node whose lease was reclaimed can no longer ack or requeue
-- the new holder's entry.
-- Returns { reclaimed count, pending left, wake count, in flight, seen [, lease id, host,
-- priority, record]... }: a bucket left idle (nothing pending nor in flight) is dropped by the node
-- from the crawl's 'active' index unless a push woke it since (its wake count changed); one with
-- requests in flight stays listed, as they may push more.
local now = now_ms()
-- Expiry is judged at the time the node sent the pop (ARGV[4], its estimate of the server's clock),
-- if that is earlier: a pop that waited in a paused server (SIGSTOP, a long fork) must not find the
-- leases of live nodes expired by the time the pause took, which no heartbeat could cover.
local judged_at = math.min(now, tonumber(ARGV[4]) or now)
local expired = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', judged_at - tonumber(ARGV[2]), 'LIMIT', 0, 256)
for _, old in ipairs(expired) do
  redis.call('ZREM', KEYS[5], old)
  local entry = redis.call('HGET', KEYS[6], old)
  if entry then
    local host, p, rec = split_entry(entry)
    enqueue_front(host, p, string.char(255) .. old .. '|' .. rec) -- the lease entry stays: see ack
  end
end
flush()
local out = { #expired, 0, 0, 0, 0 }
local want = tonumber(ARGV[3])
local taken = 0
local lease = nil
while taken < want do
  local host, p, rec
  while not host do
    local h = redis.call('LPOP', KEYS[2])
    if not h then break end
    p, rec = dequeue(h)
    if p then
      host = h
      if string.byte(rec, 1) == 255 then -- reclaimed: still wanted unless its old lease was acked since
        local bar = string.find(rec, '|', 2, true)
        local old = string.sub(rec, 2, bar - 1)
        rec = string.sub(rec, bar + 1)
        if redis.call('HDEL', KEYS[6], old) == 0 then
          host = nil
          redis.call('HINCRBY', KEYS[1], 'pending', 1) -- the late ack counted it out already
        end
      end
    end
  end
  if not host then break end
  if not lease then lease = redis.call('HINCRBY', KEYS[1], 'lease', want) - want end
  lease = lease + 1
  local id = lease .. ':' .. now -- 'status' reads the time taken from it
  redis.call('ZADD', KEYS[5], now, id)
  redis.call('HSET', KEYS[6], id, host .. '|' .. p .. '|' .. rec)
  out[#out + 1] = id
  out[#out + 1] = host
  out[#out + 1] = tostring(p)
  out[#out + 1] = rec
  taken = taken + 1
end
settle()
local m = redis.call('HMGET', KEYS[1], 'pending', 'wake', 'seen')
out[2] = tonumber(m[1] or '0')
out[3] = tonumber(m[2] or '0')
out[4] = redis.call('ZCARD', KEYS[5])
out[5] = tonumber(m[3] or '0')
return out
