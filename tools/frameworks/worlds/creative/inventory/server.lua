-- Item statistics only.
exports('CreateItem', function() end)
exports('UpdateChests', function() end)
