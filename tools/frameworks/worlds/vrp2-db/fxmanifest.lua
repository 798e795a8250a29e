-- An in-memory stand-in for vRP 2's oxmysql DB driver resource: our own code, for the framework harness.
fx_version 'cerulean'
game 'gta5'
server_scripts { '@vrp/lib/utils.lua', 'server.lua' }
