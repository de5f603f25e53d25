-- Admits a node to a crawl: records the crawl as running (who started it and when, by the server's
-- clock), unless it finished and the node only joins.
-- KEYS: state (a hash: state, started_by, started_at, finished_by, finished_at; times in ms)
-- ARGV: node, mode ('join': a running crawl or a new one; 'reopen': a finished one too)
-- Returns { state found ('new', 'running', 'reopened' or, for a 'join', 'finished'), finished_by,
-- finished_at } and, unless it returned 'finished', leaves the state 'running'.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'finished' and ARGV[2] == 'join' then
  return { 'finished', redis.call('HGET', KEYS[1], 'finished_by') or '', redis.call('HGET', KEYS[1], 'finished_at') or '0' }
end
if state == 'finished' then state = 'reopened' end
if not state then
  redis.call('HSET', KEYS[1], 'started_by', ARGV[1], 'started_at', now)
  state = 'new'
end
redis.call('HSET', KEYS[1], 'state', 'running')
redis.call('HDEL', KEYS[1], 'finished_by', 'finished_at')
return { state, '', '0' }
