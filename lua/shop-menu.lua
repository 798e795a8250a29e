-- vote-reward: the 0.4.0 vote shop menu, an ox_lib context menu. The player panel (docs/panel.md) replaces it and
-- needs no manifest edit; this script is only served when `shop.menu` is true and `set vote_reward_panel false`.
-- To use it anyway, add to fxmanifest.lua:
--   client_script '@ox_lib/init.lua'
--   client_script 'lua/shop-menu.lua'
--   dependency 'ox_lib'
-- The server sends only the text to show. A choice sends back the item id, and true when the player confirmed:
-- the server checks the item, the cost, the balance and the limits itself, exactly as for /voteshop buy.

local MENU_ID = 'vote_reward_shop'

local function text(value)
  if type(value) ~= 'string' then return '' end
  return value
end

local function choose(option)
  local confirmed = false
  if option.confirm == true then
    local answer = lib.alertDialog({
      header = text(option.title),
      content = text(option.description),
      centered = true,
      cancel = true,
    })
    if answer ~= 'confirm' then return end
    confirmed = true
  end
  TriggerServerEvent('vote-reward:shop:buy', text(option.id), confirmed)
end

RegisterNetEvent('vote-reward:shop:menu', function(data)
  if type(data) ~= 'table' or type(data.options) ~= 'table' then return end
  local options = {}
  for _, option in ipairs(data.options) do
    if type(option) == 'table' then
      options[#options + 1] = {
        title = text(option.title),
        description = text(option.description),
        disabled = option.disabled == true,
        onSelect = function() choose(option) end,
      }
    end
  end
  lib.registerContext({ id = MENU_ID, title = text(data.title), options = options })
  lib.showContext(MENU_ID)
end)

-- Other scripts (a key binding, a phone app) can open the menu the same way.
RegisterCommand('voteshopmenu', function()
  TriggerServerEvent('vote-reward:shop:open')
end, false)
