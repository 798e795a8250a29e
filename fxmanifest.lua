fx_version 'cerulean'
-- FiveM and RedM. `games` (not `common`) keeps the FiveM API set exactly what gta5 servers ran before; FXServer on
-- RedM refuses a resource that declares rdr3 without this exact rdr3_warning. The resource is one server-only JS
-- file that calls CitizenFX server natives only, so nothing else differs between the two games.
games { 'gta5', 'rdr3' }
rdr3_warning 'I acknowledge that this is a prerelease build of RedM, and I am aware my resources *will* become incompatible once RedM ships.'

name 'vote-reward'
description 'Pays FiveM players for voting for the server (Vote Verification and Reward API v1)'
version '0.5.0'
author 'vote-reward contributors'
repository 'https://github.com/vote-reward/vote-reward'
license 'MIT'

node_version '22'
-- Node 22 came with server build 12913; older builds ignore node_version and run Node 16.9, which cannot run this
-- bundle (built for Node 22). They refuse to start it with "server needs to be 12913 or higher".
dependency '/server:12913'

server_script 'dist/server.js'

-- The player panel (docs/panel.md): players download only these files. The client script does nothing until the
-- server opens the panel, which `set vote_reward_panel false` turns off; no manifest edit is needed either way.
client_script 'dist/client.js'
ui_page 'dist/ui/index.html'
files {
  'dist/ui/index.html',
  'dist/ui/panel.js',
  'dist/ui/panel.css',
}

-- config.json is read on the server with LoadResourceFile. It is deliberately not listed under
-- `files`: clients would download it, and with it the API key.
