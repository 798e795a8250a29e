-- vote-reward framework harness: the FiveM server scripting environment of one resource, on stock Lua 5.4.
-- Everything crossing to another resource goes through __vr_host as tagged JSON text (see host.ts):
-- arrays are JSON arrays, other tables {"$m":[k1,v1,...]}, functions {"$r":"ref"}, integral floats {"$f":n}.
local host = __vr_host
__vr_host = nil
local RESOURCE = host('resource')
local unpack, pack = table.unpack, table.pack

__cfx_safenav = function(base, rest) if not base then return base end return rest(base) end

-- Encoding ------------------------------------------------------------------------------------------------
local refs, nextRef = {}, 0
local function registerRef(fn)
  nextRef = nextRef + 1
  refs[nextRef] = fn
  return RESOURCE .. ':' .. host('instance') .. ':' .. nextRef
end

local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
local function escapeString(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return escapes[c] or string.format('\\u%04x', c:byte()) end) .. '"'
end

local encodeValue
local function isArray(t)
  local count, max = 0, 0
  for k in next, t do
    if math.type(k) ~= 'integer' or k < 1 then return false end
    count = count + 1
    if k > max then max = k end
  end
  return max == count
end

encodeValue = function(v, out, depth)
  local t = type(v)
  if t == 'nil' then out[#out + 1] = 'null'
  elseif t == 'boolean' then out[#out + 1] = v and 'true' or 'false'
  elseif t == 'number' then
    if math.type(v) == 'integer' then out[#out + 1] = string.format('%d', v)
    elseif v ~= v then out[#out + 1] = '{"$f":"nan"}'
    elseif v == math.huge then out[#out + 1] = '{"$f":"inf"}'
    elseif v == -math.huge then out[#out + 1] = '{"$f":"-inf"}'
    elseif v == math.floor(v) then out[#out + 1] = string.format('{"$f":%.17g}', v)
    else out[#out + 1] = string.format('%.17g', v) end
  elseif t == 'string' then out[#out + 1] = escapeString(v)
  elseif t == 'function' then out[#out + 1] = '{"$r":' .. escapeString(registerRef(v)) .. '}'
  elseif t == 'table' then
    local ref = rawget(v, '__cfx_functionReference')
    if ref then out[#out + 1] = '{"$r":' .. escapeString(ref) .. '}' return end
    if depth >= 16 then out[#out + 1] = 'null' return end
    if isArray(v) then
      out[#out + 1] = '['
      for i = 1, #v do
        if i > 1 then out[#out + 1] = ',' end
        encodeValue(rawget(v, i), out, depth + 1)
      end
      out[#out + 1] = ']'
    else
      out[#out + 1] = '{"$m":['
      local first = true
      for k, item in next, v do
        local kt = type(k)
        if kt == 'string' or kt == 'number' or kt == 'boolean' then
          if not first then out[#out + 1] = ',' end
          first = false
          encodeValue(k, out, depth + 1)
          out[#out + 1] = ','
          encodeValue(item, out, depth + 1)
        end
      end
      out[#out + 1] = ']}'
    end
  else out[#out + 1] = 'null' end
end

local function encodeArgs(n, ...)
  local out = { '[' }
  local args = { ... }
  for i = 1, n do
    if i > 1 then out[#out + 1] = ',' end
    encodeValue(args[i], out, 0)
  end
  out[#out + 1] = ']'
  return table.concat(out)
end
__vr_encode = function(...) return encodeArgs(select('#', ...), ...) end

-- Decoding ------------------------------------------------------------------------------------------------
local makeRef
local listLength = setmetatable({}, { __mode = 'k' })
local unpackList
local function decodeAt(s, i)
  i = s:find('%S', i)
  local c = s:sub(i, i)
  if c == '"' then
    local buf, j = {}, i + 1
    while true do
      local a, b = s:find('["\\]', j)
      buf[#buf + 1] = s:sub(j, a - 1)
      if s:sub(a, a) == '"' then return table.concat(buf), a + 1 end
      local e = s:sub(a + 1, a + 1)
      if e == 'u' then
        buf[#buf + 1] = utf8.char(tonumber(s:sub(a + 2, a + 5), 16))
        j = a + 6
      else
        buf[#buf + 1] = ({ n = '\n', r = '\r', t = '\t', b = '\b', f = '\f' })[e] or e
        j = a + 2
      end
    end
  elseif c == '[' then
    local arr, n = {}, 0
    i = s:find('%S', i + 1)
    if s:sub(i, i) == ']' then return arr, i + 1 end
    while true do
      local v
      v, i = decodeAt(s, i)
      n = n + 1
      arr[n] = v
      i = s:find('%S', i)
      local d = s:sub(i, i)
      i = i + 1
      if d == ']' then listLength[arr] = n return arr, i end
    end
  elseif c == '{' then
    local key
    key, i = decodeAt(s, i + 1)
    i = s:find(':', i) + 1
    local v
    v, i = decodeAt(s, i)
    i = s:find('}', i) + 1
    if key == '$m' then
      local t = {}
      for k = 1, #v, 2 do if v[k] ~= nil then t[v[k]] = v[k + 1] end end
      -- pairs with a nil value keep their key out, as a Lua table would
      return t, i
    elseif key == '$r' then return makeRef(v), i
    elseif key == '$f' then
      if v == 'nan' then return 0 / 0, i elseif v == 'inf' then return math.huge, i
      elseif v == '-inf' then return -math.huge, i end
      return v + 0.0, i
    elseif key == '$a' then return { __vr_async = v }, i end
    error('unknown tag ' .. tostring(key))
  elseif c == 'n' then return nil, i + 4
  elseif c == 't' then return true, i + 4
  elseif c == 'f' then return false, i + 5
  else
    local num = s:match('^-?[%d.eE+-]+', i)
    local v = math.tointeger(tonumber(num)) or tonumber(num)
    if num:find('[.eE]') then v = tonumber(num) + 0.0 end
    return v, i + #num
  end
end

-- An argument list keeps its nils where they are (JS `f(1, null, 'x')` reaches Lua as 1, nil, 'x', as FiveM's
-- msgpack unpacking does); `#` of a table with a hole may stop at the hole.
unpackList = function(list) return unpack(list, 1, listLength[list] or #list) end

local function decodeList(s)
  if s == nil then return nil end
  local list = decodeAt(s, 1)
  return list
end
__vr_decode = function(s) local list = decodeList(s) return unpackList(list) end

-- Scheduler -----------------------------------------------------------------------------------------------
local threads = {}
local WAIT = {}
local function now() return host('now') end

local function report(err, co)
  host('log', 'SCRIPT ERROR: ' .. tostring(err), co and debug.traceback(co) or debug.traceback())
end

local function step(th, ...)
  local ok, res = coroutine.resume(th.co, ...)
  if not ok then
    report(res, th.co)
    if th.fail then th.fail(res) end
    return false
  end
  if coroutine.status(th.co) == 'dead' then
    if th.done then th.done() end
    return false
  end
  th.wake = (type(res) == 'table' and res[1] == WAIT) and res[2] or now()
  threads[#threads + 1] = th
  return true
end

-- Runs fn in a new thread now; returns the thread and whether it is still waiting (th.results when finished).
local function runThread(fn, ...)
  local th = {}
  th.co = coroutine.create(function(...) th.results = pack(fn(...)) end)
  local waiting = step(th, ...)
  return th, waiting
end

function Citizen_Wait(ms)
  local _, main = coroutine.running()
  if main then error('Wait is not callable from the main thread', 2) end
  coroutine.yield({ WAIT, now() + (tonumber(ms) or 0) })
end
Citizen = {}
Citizen.Wait = Citizen_Wait
Wait = Citizen_Wait
Citizen_Wait = nil
function Citizen.CreateThread(fn)
  threads[#threads + 1] = { co = coroutine.create(fn), wake = now() }
end
CreateThread = Citizen.CreateThread
function Citizen.CreateThreadNow(fn) runThread(fn) end
CreateThreadNow = Citizen.CreateThreadNow
function Citizen.SetTimeout(ms, fn)
  threads[#threads + 1] = { co = coroutine.create(fn), wake = now() + ms }
end
SetTimeout = Citizen.SetTimeout
function Citizen.Trace(s) host('log', tostring(s)) end
function Citizen.InvokeNative() return nil end
function Citizen.GetFunctionReference(fn) return registerRef(fn) end

__vr_tick = function()
  local due, keep, t = {}, {}, now()
  for _, th in ipairs(threads) do
    if th.wake <= t then due[#due + 1] = th else keep[#keep + 1] = th end
  end
  threads = keep
  for _, th in ipairs(due) do step(th) end
  return #threads
end
__vr_pending = function()
  local t, n = now(), 0
  for _, th in ipairs(threads) do if th.wake <= t then n = n + 1 end end
  return n
end

-- Promises (FiveM's `promise` library: new, resolve, reject, next; Citizen.Await) ------------------------------
promise = {}
promise.__index = promise
function promise.new() return setmetatable({ state = 0, cbs = {} }, promise) end
function promise:resolve(v)
  if self.state ~= 0 then return end
  self.state, self.value = 1, v
  for _, cb in ipairs(self.cbs) do cb[1](v) end
end
function promise:reject(e)
  if self.state ~= 0 then return end
  self.state, self.value = 2, e
  for _, cb in ipairs(self.cbs) do if cb[2] then cb[2](e) end end
end
function promise:next(ok, fail)
  if self.state == 1 then ok(self.value) elseif self.state == 2 then if fail then fail(self.value) end
  else self.cbs[#self.cbs + 1] = { ok, fail } end
end
function promise.all(list)
  local p = promise.new()
  Citizen.CreateThread(function()
    local values = {}
    for i, item in ipairs(list) do values[i] = Citizen.Await(item) end
    p:resolve(values)
  end)
  return p
end
function Citizen.Await(p)
  if type(p) == 'table' and p.__vr_async then
    local id = p.__vr_async
    while true do
      local state = host('async_state', id)
      if state:sub(1, 9) == 'resolved:' then return __vr_decode(state:sub(10)) end
      if state:sub(1, 9) == 'rejected:' then error(state:sub(10), 2) end
      Wait(0)
    end
  end
  while p.state == 0 do Wait(0) end
  if p.state == 2 then error(p.value, 2) end
  return p.value
end

-- Function references --------------------------------------------------------------------------------------

local refMeta = {
  __call = function(self, ...)
    local result = host('callref', rawget(self, '__cfx_functionReference'), __vr_encode(...))
    if result == nil then error('Error in nested ref call.', 2) end
    local list = decodeList(result)
    -- The callee waited: its answer arrives later, so this caller waits too (FiveM's Citizen.Await on the retval).
    if list.__vr_async then return Citizen.Await(list) end
    return unpackList(list)
  end,
}
makeRef = function(ref)
  local owner = ref:match('^([^:]+):')
  if owner == RESOURCE and ref:match('^[^:]+:([^:]+):') == host('instance') then
    local id = tonumber(ref:match(':(%d+)$'))
    if refs[id] then return refs[id] end
  end
  return setmetatable({ __cfx_functionReference = ref }, refMeta)
end

-- Called by the host: runs ref id with the encoded args. Returns encoded results, {"$a":id} if it waited, or
-- nil when it raised (the error is printed, as FiveM does, and the caller only learns that it failed).
__vr_invoke = function(id, args)
  local fn = refs[tonumber(id)]
  if fn == nil then host('log', 'SCRIPT ERROR: no function reference ' .. tostring(id)) return nil end
  local list = decodeList(args)
  local th, waiting = runThread(fn, unpackList(list))
  if not waiting then
    local r = th.results
    if r == nil then return nil end
    return encodeArgs(r.n, unpack(r, 1, r.n))
  end
  local asyncId = host('async_new')
  th.done = function()
    local r = th.results
    host('async_settle', asyncId, 'resolved', encodeArgs(r.n, unpack(r, 1, r.n)))
  end
  th.fail = function(err) host('async_settle', asyncId, 'rejected', tostring(err)) end
  return '{"$a":' .. asyncId .. '}'
end

-- Events ---------------------------------------------------------------------------------------------------
local handlers, nextHandler = {}, 0
function AddEventHandler(name, fn)
  nextHandler = nextHandler + 1
  handlers[name] = handlers[name] or {}
  handlers[name][nextHandler] = fn
  host('listen', name)
  return { key = nextHandler, name = name }
end
function RemoveEventHandler(h) if h and handlers[h.name] then handlers[h.name][h.key] = nil end end
function RegisterNetEvent(name, fn) host('netsafe', name) if fn then return AddEventHandler(name, fn) end end
RegisterServerEvent = RegisterNetEvent
function TriggerEvent(name, ...) host('trigger', name, __vr_encode(...)) end
function TriggerClientEvent(name, target, ...) host('client_event', name, __vr_encode(target, ...)) end
function TriggerLatentClientEvent(name, target, _bps, ...) host('client_event', name, __vr_encode(target, ...)) end
function CancelEvent() end
function WasEventCanceled() return false end

__vr_event = function(name, args, eventSource)
  local list = handlers[name]
  if not list then return end
  local values = decodeList(args)
  local src = eventSource
  local n = eventSource:match('^net:(%d+)$') or eventSource:match('^internal%-net:(%d+)$')
  if n then src = tonumber(n) end
  local keys = {}
  for k in pairs(list) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local fn = list[k]
    if fn then
      local previous = source
      source = src
      runThread(fn, unpackList(values))
      source = previous
    end
  end
end

-- Exports --------------------------------------------------------------------------------------------------
local exportsMeta = {
  __call = function(_, name, fn) host('export', name, registerRef(fn)) end,
  __index = function(_, resource)
    return setmetatable({}, {
      __index = function(_, name)
        -- FiveM always drops the first argument: Lua callers write exports.res:fn(...) (or pass nil as self).
        return function(_, ...)
          local ref = host('export_ref', resource, name)
          if ref == nil then error(('No such export %s in resource %s'):format(name, resource), 2) end
          return makeRef(ref)(...)
        end
      end,
    })
  end,
}
exports = setmetatable({}, exportsMeta)

-- Natives and CfxLua extensions ----------------------------------------------------------------------------
function __vr_native(name, ...)
  local result = host('native', name, __vr_encode(...))
  if result == nil then return nil end
  return __vr_decode(result)
end
for _, name in ipairs((__vr_decode(host('native_names')))) do
  _G[name] = function(...) return __vr_native(name, ...) end
end

local bagMeta = {
  __index = function(self, key)
    if key == 'set' then return function(_, k, v) host('state_set', rawget(self, '__bag'), k, __vr_encode(v)) end end
    return __vr_decode(host('state_get', rawget(self, '__bag'), key))
  end,
  __newindex = function(self, key, v) host('state_set', rawget(self, '__bag'), key, __vr_encode(v)) end,
}
local function bag(name) return setmetatable({ __bag = name }, bagMeta) end
GlobalState = bag('global')
function Player(src) return { state = bag('player:' .. tostring(src)) } end
function Entity(e) return { state = bag('entity:' .. tostring(e)) } end

local vecMeta = {}
vecMeta.__index = function(v, k)
  if k == 'xyz' then return vector3(v.x, v.y, v.z) end
  if k == 'xy' then return vector2(v.x, v.y) end
end
vecMeta.__add = function(a, b) return setmetatable({ x = a.x + b.x, y = a.y + b.y, z = (a.z or 0) + (b.z or 0) }, vecMeta) end
vecMeta.__sub = function(a, b) return setmetatable({ x = a.x - b.x, y = a.y - b.y, z = (a.z or 0) - (b.z or 0) }, vecMeta) end
vecMeta.__len = function(v) return math.sqrt(v.x * v.x + v.y * v.y + (v.z or 0) ^ 2) end
function vector2(x, y) return setmetatable({ x = x, y = y }, vecMeta) end
function vector3(x, y, z) if type(x) == 'table' then return setmetatable({ x = x.x, y = x.y, z = x.z }, vecMeta) end return setmetatable({ x = x or 0, y = y or 0, z = z or 0 }, vecMeta) end
function vector4(x, y, z, w) return setmetatable({ x = x or 0, y = y or 0, z = z or 0, w = w or 0 }, vecMeta) end
vec2, vec3, vec4, vec = vector2, vector3, vector4, vector3
function quat(w, x, y, z) return { w = w, x = x, y = y, z = z } end

function table.wipe(t) for k in pairs(t) do t[k] = nil end return t end
function table.clone(t) local c = {} for k, v in pairs(t) do c[k] = v end return setmetatable(c, getmetatable(t)) end
function table.create() return {} end
function table.type(t)
  if type(t) ~= 'table' then return false end
  if next(t) == nil then return 'empty' end
  local array, hash = false, false
  for k in pairs(t) do if math.type(k) == 'integer' and k > 0 then array = true else hash = true end end
  if array and hash then return 'mixed' end
  return array and 'array' or 'hash'
end
function string.strsplit(delimiter, text)
  local parts = {}
  for part in (text .. delimiter):gmatch('(.-)' .. delimiter:gsub('%p', '%%%0')) do parts[#parts + 1] = part end
  return unpack(parts)
end
function string.strtrim(s) return (s:gsub('^%s+', ''):gsub('%s+$', '')) end
function string.strjoin(delimiter, ...) return table.concat({ ... }, delimiter) end
strsplit, strtrim, strjoin = string.strsplit, string.strtrim, string.strjoin
function joaat(s) return GetHashKey(s) end
function io.readdir(path)
  local names = __vr_decode(host('readdir', path))
  if not names then return nil end
  return { lines = function() local i = 0 return function() i = i + 1 return names[i] end end, close = function() end }
end

json = {
  encode = function(v, opts) return host('json_encode', __vr_encode(v), opts and opts.indent and 1 or 0) end,
  decode = function(s) if s == nil then return nil end return __vr_decode(host('json_decode', s)) end,
}
msgpack = {
  pack = function(...) return __vr_encode(...) end,
  unpack = function(s) return __vr_decode(s) end,
  setoption = function() end,
  pack_args = function(...) return __vr_encode(...) end,
}

-- Wall-clock reads follow the virtual clock, so recordings do not depend on when they ran.
local stockTime, stockDate = os.time, os.date
local EPOCH = 1700000000
os.time = function(t) if t then return stockTime(t) end return EPOCH + now() // 1000 end
os.date = function(format, t) return stockDate(format, t or os.time()) end

print = function(...)
  local parts = {}
  for i = 1, select('#', ...) do parts[i] = tostring((select(i, ...))) end
  host('log', table.concat(parts, '\t'))
end

local stockLoad = load
load = function(chunk, name, mode, env)
  if type(chunk) == 'string' then
    local rewritten, err = host('rewrite', chunk)
    if not rewritten then return nil, err end
    chunk = rewritten
  end
  return stockLoad(chunk, name, mode, env or _ENV)
end

-- MySQL (oxmysql's Lua API): every query goes to the world's router in host.ts.
local function mysqlMethod(method)
  local function run(query, params)
    if type(params) == 'function' then params = nil end
    return __vr_decode(host('mysql', method, query, __vr_encode(params)))
  end
  return setmetatable({
    await = function(query, params) return run(query, params) end,
  }, {
    __call = function(_, query, params, cb)
      if type(params) == 'function' then cb, params = params, nil end
      local result = run(query, params)
      if cb then Citizen.SetTimeout(0, function() cb(result) end) end
      local p = promise.new()
      p:resolve(result)
      return p
    end,
  })
end
MySQL = {}
for _, method in ipairs({ 'query', 'single', 'scalar', 'insert', 'update', 'prepare', 'transaction', 'rawExecute', 'execute' }) do
  MySQL[method] = mysqlMethod(method)
end
MySQL.Async = { fetchAll = MySQL.query, fetchScalar = MySQL.scalar, fetchSingle = MySQL.single, insert = MySQL.insert, execute = MySQL.update, transaction = MySQL.transaction }
MySQL.Sync = { fetchAll = MySQL.query.await, fetchScalar = MySQL.scalar.await, fetchSingle = MySQL.single.await, insert = MySQL.insert.await, execute = MySQL.update.await, transaction = MySQL.transaction.await }
function MySQL.ready(cb) Citizen.CreateThread(cb) end
MySQL.isReady = function() return true end
MySQL.awaitConnection = function() return true end

-- Runs a script file of the resource (already rewritten by the host). Returns an error message or nil.
__vr_run = function(code, chunkname)
  local fn, err = stockLoad(code, chunkname, 't', _ENV)
  if not fn then return tostring(err) end
  local ok, runErr = xpcall(fn, debug.traceback)
  if not ok then host('log', 'SCRIPT ERROR: ' .. tostring(runErr)) return tostring(runErr) end
  return nil
end

-- Evaluates code for the harness (state probes); returns the encoded results.
__vr_eval = function(code)
  local fn, err = stockLoad(code, '=probe', 't', _ENV)
  if not fn then error(err) end
  local r = pack(fn())
  return encodeArgs(r.n, unpack(r, 1, r.n))
end
