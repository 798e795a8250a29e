-- An in-memory stand-in for vRP 1's MySQL driver resource (vrp_mysql): our own code, for the framework harness.
fx_version 'cerulean'
game 'gta5'
server_scripts { '@vrp/lib/utils.lua', 'server.lua' }
