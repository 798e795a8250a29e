-- No server-specific variables: vrp falls back to its own defaults.
exports('GetVariable', function() return nil end)
exports('GetDiscords', function() return {} end)
exports('GetLicenses', function() return {} end)
