-- The data layout of one host bucket of a crawl's frontier, shared by every frontier script
-- (LuaScripts puts it in front of each). Every key is the bucket's, {<crawl id>:<bucket>}: the
-- hosts whose name hashes to the bucket (HostBuckets) have their queues, seen fingerprints and
-- leases here.
-- ARGV[1], the same for every script: the crawl's epoch, which the bucket's meta must hold; a
-- bucket without it lost its data (a restart without persistence, FLUSHDB, a master that lost its
-- slots) and every script refuses to run on it ("EPOCH ...").
-- KEYS, the same for every script:
--   1 meta      hash: epoch, filter (exact | bloom), bloom_bits, bloom_hashes (of this bucket),
--               pending (count), seen (count), lease (last lease id), wake (times it went
--               from idle, nothing pending nor in flight, to pending: the crawl's 'active' index
--               keeps it, see pop.lua)
--   2 ring      list of the hosts that have pending requests, each once: served in turn
--   3 hosts     hash: host -> its queues, one per priority, highest first, ';'-separated,
--               each "priority head tail offset count": chunks head..tail of the queue, the
--               bytes of the head chunk already taken, the requests it holds
--   4 chunks    hash: "host|priority|n" -> up to CHUNK bytes of framed request records
--   5 inflight  sorted set: lease id -> server time (ms) it was taken or last touched
--   6 leased    hash: lease id -> "host|priority|record", while in flight, and after a reclaim
--               until the request is taken again or the late ack of its old lease comes
--   7 seen      hash: 1-byte prefix -> sorted 6-byte fingerprints (filter = exact)
--   8 bloom     string of bloom_bits bits (filter = bloom)
-- A record is CompactRequestCodec's bytes (its first byte below 64), or, for a request reclaimed
-- after the visibility timeout, byte 255, its old lease id, '|' and those bytes. In a chunk each
-- is framed by its length: one byte below 128, two bytes (high bit set) below 16384, else byte 192
-- and four bytes.
local CHUNK = 4000

local found_epoch = redis.call('HGET', KEYS[1], 'epoch')
if found_epoch ~= ARGV[1] then
  return redis.error_reply('EPOCH ' .. KEYS[1] .. (found_epoch and (' holds epoch ' .. found_epoch) or ' is gone')
    .. ', the crawl has epoch ' .. ARGV[1])
end

local function frame(rec)
  local n = #rec
  if n < 128 then return string.char(n) .. rec end
  if n < 16384 then return string.char(128 + math.floor(n / 256), n % 256) .. rec end
  return string.char(192) .. struct.pack('>I4', n) .. rec
end

-- the record at pos (1-based) of s, and the position after it
local function unframe(s, pos)
  local b = string.byte(s, pos)
  if b < 128 then return string.sub(s, pos + 1, pos + b), pos + 1 + b end
  if b < 192 then
    local n = (b - 128) * 256 + string.byte(s, pos + 1)
    return string.sub(s, pos + 2, pos + 1 + n), pos + 2 + n
  end
  local n = struct.unpack('>I4', s, pos + 1)
  return string.sub(s, pos + 5, pos + 4 + n), pos + 5 + n
end

local function decode_queues(s)
  local qs = {}
  for p, h, t, o, c in string.gmatch(s, '(%-?%d+) (%d+) (%d+) (%d+) (%d+)') do
    qs[#qs + 1] = { tonumber(p), tonumber(h), tonumber(t), tonumber(o), tonumber(c) }
  end
  return qs
end

local function encode_queues(qs)
  local parts = {}
  for i, q in ipairs(qs) do parts[i] = string.format('%d %d %d %d %d', q[1], q[2], q[3], q[4], q[5]) end
  return table.concat(parts, ';')
end

local function chunk_key(host, p, n)
  return string.format('%s|%d|%d', host, p, n)
end

local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- Appends to the back of a host's queues, batched: changes stay in these tables until flush().
local cached_queues = {} -- host -> decoded queues
local cached_tails = {} -- chunk key -> { parts..., n = bytes }
local appended = 0

local function queues_of(host)
  local qs = cached_queues[host]
  if qs then return qs end
  local s = redis.call('HGET', KEYS[3], host)
  if s then
    qs = decode_queues(s)
  else
    qs = {}
    redis.call('RPUSH', KEYS[2], host) -- it has pending requests from now on
  end
  cached_queues[host] = qs
  return qs
end

-- the queue of priority p in qs, created in its place (highest priority first) if missing
local function queue_of(qs, p)
  local at = #qs + 1
  for i, q in ipairs(qs) do
    if q[1] == p then return q end
    if q[1] < p then at = i break end
  end
  local q = { p, 0, 0, 0, 0 }
  table.insert(qs, at, q)
  return q
end

-- the key of q's tail chunk, made once per tail and script
local function tail_key(host, q)
  if q.tail ~= q[3] then q.tail, q.tail_key = q[3], chunk_key(host, q[1], q[3]) end
  return q.tail_key
end

local function enqueue(host, p, rec)
  local q = queue_of(queues_of(host), p)
  local f = frame(rec)
  local key = tail_key(host, q)
  local tail = cached_tails[key]
  if not tail then
    local s = redis.call('HGET', KEYS[4], key) or ''
    tail = { s, n = #s }
  end
  if tail.n > 0 and tail.n + #f > CHUNK then
    cached_tails[key] = tail
    q[3] = q[3] + 1
    key = tail_key(host, q)
    tail = { n = 0 }
  end
  tail[#tail + 1] = f
  tail.n = tail.n + #f
  cached_tails[key] = tail
  q[5] = q[5] + 1
  appended = appended + 1
end

local function flush()
  for key, tail in pairs(cached_tails) do redis.call('HSET', KEYS[4], key, table.concat(tail)) end
  for host, qs in pairs(cached_queues) do redis.call('HSET', KEYS[3], host, encode_queues(qs)) end
  local woke = 0
  if appended > 0 and redis.call('HINCRBY', KEYS[1], 'pending', appended) == appended
      and redis.call('ZCARD', KEYS[5]) == 0 then
    woke = redis.call('HINCRBY', KEYS[1], 'wake', 1) -- it was idle: the crawl's index must list it again
  end
  cached_tails, cached_queues, appended = {}, {}, 0
  return woke
end

-- Puts a reclaimed request back at the front of its host's queue of its priority (then flush()).
local function enqueue_front(host, p, rec)
  local q = queue_of(queues_of(host), p)
  local key = chunk_key(host, p, q[2])
  local c = redis.call('HGET', KEYS[4], key) or ''
  redis.call('HSET', KEYS[4], key, frame(rec) .. string.sub(c, q[4] + 1))
  q[4] = 0
  q[5] = q[5] + 1
  appended = appended + 1
end

-- Takes the front request of a host's highest-priority queue. Returns priority, record and whether
-- the host has more (nil if the host has nothing: it then leaves the ring; the caller puts a host
-- with more back at the ring's end). Batched like enqueue: a host's queues and its head chunk are
-- read once per script and written back by settle(), so a pop of many requests of one host reads
-- its 4 KB head chunk once, not once a request.
local taking = {} -- host -> { qs = decoded queues, key = head chunk's key, chunk = its bytes }
local taken_count = 0

local function dequeue(host)
  local t = taking[host]
  if not t then
    local s = redis.call('HGET', KEYS[3], host)
    if not s then return nil end
    t = { qs = decode_queues(s) }
    taking[host] = t
  end
  local qs = t.qs
  local q = qs[1]
  if not q then return nil end
  local key = chunk_key(host, q[1], q[2])
  if t.key ~= key then
    t.key, t.chunk = key, redis.call('HGET', KEYS[4], key) or ''
  end
  local c = t.chunk
  local rec, after = unframe(c, q[4] + 1)
  q[4] = after - 1
  q[5] = q[5] - 1
  if q[5] <= 0 or q[4] >= #c then
    redis.call('HDEL', KEYS[4], key)
    t.key, t.chunk = nil, nil
    if q[5] <= 0 then table.remove(qs, 1) else q[2], q[4] = q[2] + 1, 0 end
  end
  taken_count = taken_count + 1
  return q[1], rec, #qs > 0
end

-- Writes back what dequeue() took: each host's queues (a host left with none is dropped) and the
-- bucket's pending count.
local function settle()
  for host, t in pairs(taking) do
    if #t.qs == 0 then
      redis.call('HDEL', KEYS[3], host)
    else
      redis.call('HSET', KEYS[3], host, encode_queues(t.qs))
    end
  end
  if taken_count > 0 then redis.call('HINCRBY', KEYS[1], 'pending', -taken_count) end
  taking, taken_count = {}, 0
end

-- "host|priority|record" -> host, priority, record
local function split_entry(e)
  local a = string.find(e, '|', 1, true)
  local b = string.find(e, '|', a + 1, true)
  return string.sub(e, 1, a - 1), tonumber(string.sub(e, a + 1, b - 1)), string.sub(e, b + 1)
end
