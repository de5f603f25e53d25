-- Finds the near-duplicate group of a page's SimHash, or starts one (SimHashIndex), atomically
-- for every node. KEYS[1]: the crawl's simhash hash: 'b<i>|<2 hex digits>' -> the 16-hex-digit
-- SimHashes of the groups' first pages whose band i (hex digits 2i+1..2i+2) is those digits,
-- concatenated; 'u|<16 hex digits>' -> that first page's URL.
-- ARGV: the SimHash as 16 hex digits, the page's URL, the largest distance in bits.
-- Returns the URL of the group's first page, or nil when this page starts a group.
local hash, url, max = ARGV[1], ARGV[2], tonumber(ARGV[3])

local function bits(x)
  local n = 0
  while x > 0 do
    n = n + x % 2
    x = math.floor(x / 2)
  end
  return n
end

local function distance(a, b)
  local d = 0
  for i = 0, 7 do
    local x = tonumber(string.sub(a, 2 * i + 1, 2 * i + 2), 16)
    local y = tonumber(string.sub(b, 2 * i + 1, 2 * i + 2), 16)
    d = d + bits(bit.bxor(x, y))
    if d > max then return d end
  end
  return d
end

local fields = {}
for i = 0, 7 do
  fields[i + 1] = 'b' .. i .. '|' .. string.sub(hash, 2 * i + 1, 2 * i + 2)
  local list = redis.call('HGET', KEYS[1], fields[i + 1])
  if list then
    for j = 1, #list, 16 do
      local other = string.sub(list, j, j + 15)
      if distance(hash, other) <= max then return redis.call('HGET', KEYS[1], 'u|' .. other) end
    end
  end
end
for i = 1, 8 do
  redis.call('HSET', KEYS[1], fields[i], (redis.call('HGET', KEYS[1], fields[i]) or '') .. hash)
end
redis.call('HSET', KEYS[1], 'u|' .. hash, url)
return nil
