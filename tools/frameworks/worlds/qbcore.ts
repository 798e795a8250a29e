/** qb-core 1.3.0 with qb-inventory 2.0.0. */
import { defineWorld } from '../world';
import { loadQbPlayer, QB_PLAYERS, qbDatabase, qbState } from './qb-common';
import { qbcoreScenarios } from './qbcore-scenarios';

export default defineWorld({
  name: 'qbcore',
  description:
    "qb-core 1.3.0 with qb-inventory 2.0.0 (40 slots, 120 kg). Alice's character is loaded through QBCore.Player.Login as qb-multicharacter does; Bob is connected without a character. GetCoreObject answers holding Shared are recorded trimmed (item names kept, other tables as $truncated).",
  resources: ['qb-core', 'qb-inventory'],
  database: qbDatabase,
  players: QB_PLAYERS,
  loaded: [1],
  load: loadQbPlayer,
  state: qbState,
  scenarios: qbcoreScenarios(false),
});
