/** qb-core 1.3.0 with qb-inventory 1.x (the parent of 7ef6bd8: no CanAddItem, no GetItemCount). */
import { defineWorld } from '../world';
import { loadQbPlayer, QB_PLAYERS, qbDatabase, qbState } from './qb-common';
import { qbcoreScenarios } from './qbcore-scenarios';

export default defineWorld({
  name: 'qbcore-inventory-1',
  description:
    "qb-core 1.3.0 with qb-inventory 1.x (41 slots, 120 kg; no CanAddItem or GetItemCount export). Alice's character is loaded through QBCore.Player.Login; Bob is connected without a character. GetCoreObject answers holding Shared are recorded trimmed (item names kept, other tables as $truncated).",
  resources: ['qb-core', 'qb-inventory-1'],
  database: qbDatabase,
  players: QB_PLAYERS,
  loaded: [1],
  load: loadQbPlayer,
  state: qbState,
  scenarios: qbcoreScenarios(true),
});
