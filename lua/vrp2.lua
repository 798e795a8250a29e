-- vote-reward's extension of vRP 2, run inside vRP by its Proxy member loadScript (vRP's `module`, which runs a file
-- once per vRP start and keeps what it returned). vRP 2 offers other resources nothing else, so this adds a Proxy
-- interface of vote-reward's own whose one member says whether a player's character is loaded: vRP 2 creates the
-- user when the client first spawns (after the loading screen) and User:isReady() is true once its character loaded.
Proxy.addInterface("vote_reward_vrp2", {
  isReady = function(source)
    local user = vRP.users_by_source[tonumber(source)]
    return user ~= nil and user:isReady() and true or false
  end,
})

return "vote_reward_vrp2"
