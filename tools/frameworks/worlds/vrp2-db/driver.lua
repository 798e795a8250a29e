-- Runs inside vRP 2: a DBDriver named after cfg/base.lua's driver ("oxmysql") whose prepared queries are answered by
-- the world's database router (tools/frameworks/worlds/vrp2.ts) by their vRP name: mode "query" → rows (and their
-- count as "affected"), "execute" → affected rows, "scalar" → one value.
-- With the global QueryDelayMs > 0 in vRP's Lua state (set by a scenario) every query waits that long first, as a real
-- MySQL driver's answer does.
local Driver = class("oxmysql", vRP.DBDriver)

function Driver:onInit(cfg)
  return true
end

function Driver:onPrepare(name, query)
end

function Driver:onQuery(name, params, mode)
  if (QueryDelayMs or 0) > 0 then Wait(QueryDelayMs) end
  if mode == "execute" then return MySQL.update.await(name, params) or 0 end
  if mode == "scalar" then return MySQL.scalar.await(name, params) end
  local rows = MySQL.query.await(name, params) or {}
  return rows, #rows
end

vRP:registerDBDriver(Driver)
