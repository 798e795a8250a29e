-- Has vRP 2 run driver.lua inside vRP through its real Proxy member loadScript, as vRP 2's DB driver resources do
-- (vRP 2 drivers are classes of vRP.DBDriver, registered from inside vRP).
local Proxy = module("vrp", "lib/Proxy")
local vRP = Proxy.getInterface("vRP")

vRP._loadScript(GetCurrentResourceName(), "driver")
