/**
 * ND_Core for the simulated FXServer: the shared model (devkit/fakes/frameworks/models/nd-core.ts, derived from the
 * transcript test/frameworks/transcripts/nd-core.json; its header says what is recorded and what is a guess) bound as
 * a Lua-flavoured resource exporting `getPlayer`. As without a multicharacter resource, a joining player's first
 * character (found by license, else a new one) becomes active 3 s after `playerJoining`; players are unloaded on
 * `playerDropped`. ox_inventory (createOxInventoryFake with `isLoaded` = this fake's players) gets the cash through
 * its `SetItem` export, as its ND bridge does on `ND:moneyChange`. Credits go to the payout ledger.
 */
import { createNdModel, type NdCharacter } from '../../fakes/frameworks/models/nd-core';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';

/** The ND_Core fake: a resource definition plus the controls tests use. */
export interface NdFake {
  /** Pass to server.addFakeResource('ND_Core', ...). */
  definition: FakeResourceDefinition;
  /** Active characters by server id. */
  players: Map<number, NdCharacter>;
  /** Makes a character active now (what ND_Characters' setActiveCharacter does). */
  loadPlayer(id: number, init?: Partial<NdCharacter>): NdCharacter;
}

/** Creates the ND_Core fake. */
export function createNdCoreFake(): NdFake {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const ox = (name: string, ...args: unknown[]): unknown => {
    if (g?.GetResourceState('ox_inventory') !== 'started') return undefined;
    return (g.exports.ox_inventory[name] as (...a: unknown[]) => unknown)(...args);
  };
  const model = createNdModel({
    inventory: {
      opened: (source, c) => ox('SetItem', source, 'money', c.cash),
      cashMoved: (source, delta) =>
        ox('SetItem', source, 'money', Number(ox('GetItemCount', source, 'money') ?? 0) + delta),
      closed: () => undefined,
    },
    onPay(source, account, amount, reason) {
      api?.payout({
        framework: 'ND_Core',
        player: source,
        kind: account === 'cash' ? 'money' : account,
        name: account,
        amount,
        reason: reason == null ? null : String(reason),
      });
    },
    later: (fn, ms) => g?.setTimeout(fn, ms),
  });
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('getPlayer', (src: unknown) => model.exports.getPlayer(src));
      globals.AddEventHandler('playerJoining', () => {
        const source = Number(globals.source);
        model.join(
          source,
          {
            name: String(globals.GetPlayerName(String(source)) ?? ''),
            identifier: String(globals.GetPlayerIdentifierByType(String(source), 'license') ?? ''),
          },
          () => globals.DoesPlayerExist(String(source)) === true,
        );
      });
      globals.AddEventHandler('playerDropped', () => model.drop(Number(globals.source)));
    },
  };
  return {
    definition,
    players: model.players,
    loadPlayer: (id, init = {}) => model.load(id, init),
  };
}
