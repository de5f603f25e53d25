-- Appended to a script wrapped in "local function body()" (LuaScripts.once): runs it at most once
-- per token, so that a call retried after its reply was lost (a read timeout, a restart) gets the
-- first reply instead of running again (a pop would leave an orphan lease).
-- KEYS[#KEYS]: the token's key, "<namespace>once:<ms to keep the reply>:<uuid>" (in the crawl's
-- hash slot; ARGV stay the script's own). The client deletes the key once it has the reply; the
-- expiry is for lost ones.
-- The reply is kept as MessagePack, which is binary-safe (a pop's record is bytes).
-- A reply that is an empty-handed pop ({ n }) is not kept: running that again does no harm.
local token = KEYS[#KEYS]
local kept = redis.call('GET', token)
if kept then return cmsgpack.unpack(kept) end
local reply = body()
if type(reply) ~= 'table' or #reply > 1 then
  redis.call('SET', token, cmsgpack.pack(reply), 'PX', tonumber(string.match(token, 'once:(%d+):')))
end
return reply
