-- The bank resource records a transaction in the database; with DelayMs > 0 (set by a scenario) it takes that long,
-- as a real database write does, so the vrp member calling it yields.
DelayMs = 0
Transactions = {}
exports('AddTransactions', function(Passport, Type, Amount)
  if DelayMs > 0 then Wait(DelayMs) end
  Transactions[#Transactions + 1] = { Passport = Passport, Type = Type, Amount = Amount }
end)
