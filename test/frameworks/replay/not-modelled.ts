/**
 * Transcript scenarios the fakes deliberately do not model, each with the reason. The replay skips exactly these and
 * fails when an entry names a scenario that no longer exists (or that now replays cleanly), so this list cannot go
 * stale. Keys are `<world>/<scenario>`.
 */
export const NOT_MODELLED: Record<string, string> = {
  'vrp2/load-script':
    "loadScript answers whatever file of vRP 2 it loads (here cfg/money's tables); the adapter only loads vote-reward's lua/vrp2.lua, the only file the fake models (others raise, as a missing file does)",
  'vrp-creative/player-left':
    'the recording itself is marked not faithful (playerDropped raised in the harness, so Alice never left)',
  'lua-callers/exports-in-event-handlers':
    "vote-reward's own exports as Lua sees them: no framework call to replay (the real resource on real vRP 1.0)",
  'lua-callers/outside-a-thread':
    "vote-reward's own exports as Lua sees them: no framework call to replay (the real resource on real vRP 1.0)",
  'lua-callers/readme-snippets':
    "vote-reward's own exports as Lua sees them: no framework call to replay (the real resource on real vRP 1.0)",
  'lua-callers/pending-entry':
    "vote-reward's own exports as Lua sees them: no framework call to replay (the real resource on real vRP 1.0)",
  'nd-core/empty-groups-start':
    'a restart of ND_Core (every character unloaded, its start raising on an empty nd_groups table) is not modelled: the adapter only reads getPlayer, which the other scenarios cover',
  'qbcore-ox/item-through-player-method':
    "ox_inventory's QBCore bridge replacing the player's item methods (AddPlayerMethod) is not modelled: the adapters never call player item methods, only ox_inventory's exports",
};
