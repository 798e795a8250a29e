-- Nobody answers requests.
exports('make', function() return false end)
