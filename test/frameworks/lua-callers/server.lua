-- Describes a value as Lua sees it: numbers with their subtype, nil spelt out, tables key by key ('#' = length).
local function shape(v)
  local t = type(v)
  if t == 'table' then
    local out = { ['#'] = #v }
    for k, item in pairs(v) do out[type(k) == 'number' and ('[' .. k .. ']') or tostring(k)] = shape(item) end
    return out
  elseif t == 'number' then return math.type(v) .. ' ' .. tostring(v)
  elseif t == 'nil' then return 'nil'
  end
  return t .. ' ' .. tostring(v)
end

local function report(label, ok, value)
  TriggerEvent('lua-callers:result', label, ok, shape(value))
end

-- Event handlers run in a thread, so exports that answer later (claim, check, getServerInfo, getVoteCount) are
-- awaited: the call returns the answer itself.
AddEventHandler('lua-callers:call', function(name, ...)
  local resource = exports['vote-reward']
  local ok, value = pcall(function(...) return resource[name](resource, ...) end, ...)
  report(name, ok, value)
end)

-- The same call from a thread made with CreateThread.
AddEventHandler('lua-callers:call-in-thread', function(name, ...)
  local args = { ... }
  CreateThread(function()
    local ok, value = pcall(function() return exports['vote-reward'][name](nil, table.unpack(args)) end)
    report(name .. ' (CreateThread)', ok, value)
  end)
end)

AddEventHandler('vote-reward:rewarded', function(playerId, data)
  report('vote-reward:rewarded playerId', true, playerId)
  report('vote-reward:rewarded data', true, data)
end)

-- The owner README's examples, as written there.
AddEventHandler('vote-reward:rewarded', function(playerId, data)
  print(('%s (id %d) was rewarded for vote %s'):format(data.username, playerId, data.vote_id))
  for _, reward in ipairs(data.rewards) do
    if reward.type == 'item' then print(('  %d x %s'):format(reward.count, reward.item)) end
  end
end)

AddEventHandler('lua-callers:readme', function()
  CreateThread(function()
    local info = exports['vote-reward']:getServerInfo()
    if info then
      print(('%s is #%d with %d votes'):format(info.name, info.rank, info.votes_total))
    end
  end)
end)

-- A custom reward's event, handled as the README shows.
AddEventHandler('myserver:voteGift', function(playerId, data)
  -- data.vote_id, data.username, data.license
  print(('%s voted (%s)'):format(data.username, data.vote_id))
  report('myserver:voteGift playerId', true, playerId)
  report('myserver:voteGift data', true, data)
end)
