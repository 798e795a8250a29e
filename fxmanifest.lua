fx_version 'cerulean'
game 'gta5'

name 'vote-reward'
description 'Pays FiveM players for voting for the server (Vote Verification and Reward API v1)'
version '0.4.0'
author 'vote-reward contributors'
repository 'https://github.com/vote-reward/vote-reward'
license 'MIT'

server_only 'yes'
node_version '22'

server_script 'dist/server.js'

-- config.json is read on the server with LoadResourceFile. It is deliberately not listed under
-- `files`: clients would download it, and with it the API key.
