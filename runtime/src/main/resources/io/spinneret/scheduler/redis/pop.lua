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
-- the hosts served that have more, in turn: they go to the back of the ring, so the ring is read
-- to its end before any of them comes again, and they are pushed back once at the end
local turn, next_turn = {}, 1
local function next_host()
  local h = redis.call('LPOP', KEYS[2])
  if h or next_turn > #turn then return h end
  h = turn[next_turn]
  next_turn = next_turn + 1
  return h
end
-- the leases taken, written once at the end: ZADD and HSET arguments
local stamps, entries = {}, {}
while taken < want do
  local host, p, rec, more
  while not host do
    local h = next_host()
    if not h then break end
    p, rec, more = dequeue(h)
    if p then
      host = h
      if more then turn[#turn + 1] = h end
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
  stamps[#stamps + 1] = now
  stamps[#stamps + 1] = id
  entries[#entries + 1] = id
  entries[#entries + 1] = host .. '|' .. p .. '|' .. rec
  out[#out + 1] = id
  out[#out + 1] = host
  out[#out + 1] = tostring(p)
  out[#out + 1] = rec
  taken = taken + 1
end
-- a command with many arguments, 1,000 at a time (unpack's stack is bounded)
local function call_all(command, key, args)
  for i = 1, #args, 1000 do redis.call(command, key, unpack(args, i, math.min(i + 999, #args))) end
end
call_all('ZADD', KEYS[5], stamps)
call_all('HSET', KEYS[6], entries)
local back = {}
for i = next_turn, #turn do back[#back + 1] = turn[i] end
call_all('RPUSH', KEYS[2], back)
settle()
local m = redis.call('HMGET', KEYS[1], 'pending', 'wake', 'seen')
out[2] = tonumber(m[1] or '0')
out[3] = tonumber(m[2] or '0')
out[4] = redis.call('ZCARD', KEYS[5])
out[5] = tonumber(m[3] or '0')
return out
