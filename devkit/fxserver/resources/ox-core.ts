/**
 * ox_core for the simulated FXServer: the shared model (devkit/fakes/frameworks/models/ox-core.ts, derived from the
 * transcript test/frameworks/transcripts/ox-core.json; its header says what is recorded and what is a guess) bound as a
 * JS-flavoured resource exporting GetPlayer, GetCharacterAccount and CallAccount (Promises, as ox_core's async
 * exports answer), on the ox_inventory fake's model (cash is its `money` item, written to the ledger by that fake).
 * Bank credits are written to the payout ledger; a player is loaded with a character (ox:playerLoaded) and leaves on
 * `playerDropped`, the character's account staying behind.
 */
import { createOxCoreModel, type OxCoreModel } from '../../fakes/frameworks/models/ox-core';
import type { OxModel } from '../../fakes/frameworks/models/ox-inventory';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';

/** The ox_core fake: definition plus controls. */
export interface OxCoreFake {
  /** Pass to server.addFakeResource(...). */
  definition: FakeResourceDefinition;
  /** The model (players, accounts). */
  model: OxCoreModel;
  /** Joins the player and activates their character (charId = 100 + id, a default account holding `bank`). */
  loadPlayer(id: number, init?: { name?: string; license?: string; bank?: number }): void;
  /** Logs a player out. */
  unloadPlayer(id: number): void;
  /** The bank balance of a player's character, if any. */
  bank(id: number): number | undefined;
  /**
   * The next `addBalance` answers after `answerMs`, and `switchAfterMs` into the call player `id` switches to character
   * `charId` (a default account holding `bank`), as a modified client's character menu would.
   */
  switchDuringAddBalance(
    id: number,
    to: { charId: number; bank: number },
    timing?: { switchAfterMs: number; answerMs: number },
  ): void;
}

/** Creates the ox_core fake over ox_inventory's model. */
export function createOxCoreFake(options: { ox: OxModel }): OxCoreFake {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const characters = new Map<number, number>();
  let armed: { id: number; charId: number; bank: number; switchAfterMs: number; answerMs: number } | null =
    null;
  const model = createOxCoreModel({
    ox: options.ox,
    callWait(method) {
      const plan = armed;
      const globals = g;
      if (method !== 'addBalance' || !plan || !globals) return null;
      armed = null;
      globals.setTimeout(() => {
        if (![...model.accounts.values()].some((a) => a.owner === plan.charId))
          model.addAccount({
            id: 200000 + plan.charId,
            owner: plan.charId,
            balance: plan.bank,
            isDefault: 1,
          });
        model.setActive(plan.id, plan.charId, `ST${plan.charId}`);
        characters.set(plan.id, plan.charId);
      }, plan.switchAfterMs);
      return new Promise<void>((resolve) => globals.setTimeout(resolve, plan.answerMs));
    },
    onPay(accountId, amount, message) {
      const owner = model.accounts.get(accountId)?.owner;
      const player = [...model.players.entries()].find(([, p]) => p.charId === owner)?.[0] ?? 0;
      api?.payout({
        framework: 'ox_core',
        player,
        kind: 'bank',
        name: 'bank',
        amount,
        reason: message == null ? null : String(message),
      });
    },
  });
  const definition: FakeResourceDefinition = {
    flavor: 'js',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('GetPlayer', model.exports.GetPlayer);
      globals.exports('GetCharacterAccount', model.exports.GetCharacterAccount);
      globals.exports('CallAccount', model.exports.CallAccount);
      globals.AddEventHandler('playerDropped', () => model.drop(Number(globals.source)));
    },
  };
  return {
    definition,
    model,
    loadPlayer(id, init = {}) {
      const charId = 100 + id;
      const name = init.name ?? `Player ${id}`;
      model.join(id, { userId: id, username: name, identifier: (init.license ?? `license:${id}`).slice(8) });
      model.setActive(id, charId, `ST${charId}`, name);
      characters.set(id, charId);
      if (![...model.accounts.values()].some((a) => a.owner === charId))
        model.addAccount({ id: 200000 + charId, owner: charId, balance: init.bank ?? 0, isDefault: 1 });
      g?.TriggerEvent('ox:playerLoaded', id, id, charId);
    },
    unloadPlayer(id) {
      model.drop(id);
    },
    switchDuringAddBalance(id, to, timing = { switchAfterMs: 10, answerMs: 40 }) {
      armed = { id, ...to, ...timing };
    },
    bank(id) {
      const charId = characters.get(id);
      return [...model.accounts.values()].find((a) => a.owner === charId && a.isDefault === 1)?.balance;
    },
  };
}
