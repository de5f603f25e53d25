-- Takes the next request into in-flight, stamped with the server's TIME, after returning in-flight
-- entries older than the visibility timeout (ARGV[1], milliseconds): their node died or is stuck.
-- ARGV[2] (optional): the server's time when the node sent this pop, as the node estimates it.
-- Using the server's clock keeps nodes with skewed clocks from stealing each other's live work.
-- A reclaimed request goes back to the front of its host's queue of its priority. Then the host
-- at the front of the ring serves, and goes to the back if it has more: hosts take turns, each
-- its highest priority first, FIFO within one.
-- Each taking is a new lease id, so a node whose lease was reclaimed can no longer ack or requeue
-- the new holder's entry.
-- Returns { reclaimed count [, lease id, host, priority, record] }.
local now = now_ms()
-- Expiry is judged at the time the node sent the pop (ARGV[2], its estimate of the server's clock),
-- if that is earlier: a pop that waited in a paused server (SIGSTOP, a long fork) must not find the
-- leases of live nodes expired by the time the pause took, which no heartbeat could cover.
local judged_at = math.min(now, tonumber(ARGV[2]) or now)
local expired = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', judged_at - tonumber(ARGV[1]), 'LIMIT', 0, 256)
for _, old in ipairs(expired) do
  redis.call('ZREM', KEYS[5], old)
  local entry = redis.call('HGET', KEYS[6], old)
  if entry then
    local host, p, rec = split_entry(entry)
    enqueue_front(host, p, string.char(255) .. old .. '|' .. rec) -- the lease entry stays: see ack
  end
end
flush()
local host, p, rec
while not host do
  local h = redis.call('LPOP', KEYS[2])
  if not h then return { #expired } end
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
local id = redis.call('HINCRBY', KEYS[1], 'lease', 1) .. ':' .. now -- 'status' reads the time taken from it
redis.call('ZADD', KEYS[5], now, id)
redis.call('HSET', KEYS[6], id, host .. '|' .. p .. '|' .. rec)
return { #expired, id, host, tostring(p), rec }
