-- A stand-in for the Creative base's companion resource 'inventory' (our own code): only the exports vrp calls.
fx_version 'cerulean'
game 'gta5'
server_script 'server.lua'
