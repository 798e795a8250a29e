-- Registers a DB driver with vRP 1 through its real Proxy, as the vrp_mysql resource does. Each prepared query is
-- answered by the world's database router (tools/frameworks/worlds/vrp1-database.ts) by its vRP name:
-- mode "query" → rows (and their count as "affected"), "execute" → affected rows, "scalar" → one value.
-- With QueryDelayMs > 0 (set by a scenario) every query waits that long first, as a real MySQL driver's answer does.
local Proxy = module("vrp", "lib/Proxy")
local vRP = Proxy.getInterface("vRP")

local prepared = {}
QueryDelayMs = 0

local function on_init(cfg)
  return true
end

local function on_prepare(name, query)
  prepared[name] = query
end

local function on_query(name, params, mode)
  if QueryDelayMs > 0 then Wait(QueryDelayMs) end
  if mode == "execute" then return MySQL.update.await(name, params) or 0 end
  if mode == "scalar" then return MySQL.scalar.await(name, params) end
  local rows = MySQL.query.await(name, params) or {}
  return rows, #rows
end

vRP.registerDBDriver("vrp_mysql", on_init, on_prepare, on_query)
