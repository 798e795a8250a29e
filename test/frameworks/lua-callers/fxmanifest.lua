-- A Lua resource of ours that calls vote-reward's exports and listens to its event, as a server owner's Lua would.
-- Run by the framework harness (tools/frameworks/worlds/lua-callers.ts); what it sees is reported back as
-- `lua-callers:result (label, ok, shape)`, where shape spells out the Lua types it received.
fx_version 'cerulean'
game 'gta5'
server_script 'server.lua'
