/**
 * The RedM frameworks for the simulated FXServer: VORP (vorp_core + vorp_inventory) and RSG (rsg-core +
 * rsg-inventory), the shared models (devkit/fakes/frameworks/models/vorp.ts and rsg.ts, derived from the transcripts
 * test/frameworks/transcripts/vorp.json and rsg.json; their headers say what is recorded and what is a guess) bound
 * as Lua-flavoured resources. Credits are written to the payout ledger; players leave on `playerDropped`.
 */
import {
  createRsgModel,
  RSG_FAKE_ITEMS,
  type RsgModelOptions,
  type RsgPlayer,
} from '../../fakes/frameworks/models/rsg';
import { createVorpModel, VORP_FAKE_ITEMS, type VorpPlayer } from '../../fakes/frameworks/models/vorp';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';

/** A RedM framework fake: its resources (core first, then inventory) plus controls. */
export interface RedmFake<P> {
  /** Resource name → definition, to add and start in this order. */
  resources: [string, FakeResourceDefinition][];
  /** Players the framework knows, by server id. */
  players: Map<number, P>;
  /** Makes the framework load the player's character (VORP: select it; RSG: Player.Login). */
  loadPlayer(id: number, steam?: string): void;
  /**
   * VORP: the next addItem for player `id` answers after `answerMs` (its MySQL insert), and `switchAfterMs` into the
   * call the player selects the character `to` (a modified client's character menu).
   */
  switchDuringAddItem?(id: number, to: number, timing?: { switchAfterMs: number; answerMs: number }): void;
}

/** Binds a model's exports as a Lua-flavoured resource whose payouts go to the ledger under `resource`. */
function bind(
  exports: Record<string, (...args: never[]) => unknown>,
  onSetup?: (g: CfxGlobals) => void,
): FakeResourceDefinition {
  return {
    flavor: 'lua',
    setup(g) {
      for (const [name, fn] of Object.entries(exports)) g.exports(name, fn);
      onSetup?.(g);
    },
  };
}

/** VORP with its inventory: money, gold and items of a selected character; users found by Steam id. */
export function createVorpFake(): RedmFake<VorpPlayer> {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const armed = new Map<number, { to: number; switchAfterMs: number; answerMs: number }>();
  const model = createVorpModel({
    items: { ...VORP_FAKE_ITEMS },
    asyncAddItem: true,
    addItemWait(source) {
      const plan = armed.get(source);
      const globals = g;
      if (!plan || !globals) return null;
      armed.delete(source);
      globals.setTimeout(() => model.select(source, { charIdentifier: plan.to }), plan.switchAfterMs);
      return new Promise<void>((resolve) => globals.setTimeout(resolve, plan.answerMs));
    },
    setTimeout: (fn, ms) => g?.setTimeout(fn, ms),
    onPay(player, kind, name, amount) {
      api?.payout({
        framework: kind === 'item' ? 'vorp_inventory' : 'vorp_core',
        player,
        kind,
        name,
        amount,
      });
    },
  });
  const core: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('GetCore', model.coreExports.GetCore);
      globals.AddEventHandler('playerDropped', () => model.drop(Number(globals.source)));
    },
  };
  return {
    resources: [
      ['vorp_core', core],
      ['vorp_inventory', bind(model.inventoryExports)],
    ],
    players: model.players,
    loadPlayer(id, steam) {
      if (!model.players.has(id)) model.connect(id, steam);
      model.select(id, { charIdentifier: 100 + id, money: 0, gold: 0 });
    },
    switchDuringAddItem(id, to, timing = { switchAfterMs: 10, answerMs: 40 }) {
      armed.set(id, { to, ...timing });
    },
  };
}

/** RSG with rsg-inventory: cash as dollar items (rsg-core's default), banks, items. */
export function createRsgFake(
  options: Omit<RsgModelOptions, 'setTimeout' | 'onPay'> = {},
): RedmFake<RsgPlayer> {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const model = createRsgModel({
    items: { ...RSG_FAKE_ITEMS, bread: { label: 'Bread', weight: 100 } },
    ...options,
    setTimeout: (fn, ms) => g?.setTimeout(fn, ms),
    onPay(player, kind, name, amount) {
      api?.payout({ framework: kind === 'item' ? 'rsg-inventory' : 'rsg-core', player, kind, name, amount });
    },
  });
  const core: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('GetCoreObject', model.coreExports.GetCoreObject);
      globals.AddEventHandler('playerDropped', () => model.players.delete(Number(globals.source)));
    },
  };
  return {
    resources: [
      ['rsg-core', core],
      ['rsg-inventory', bind(model.inventoryExports)],
    ],
    players: model.players,
    loadPlayer(id) {
      model.load(id, { citizenid: `RSG${id}` });
      g?.TriggerEvent('RSGCore:Server:PlayerLoaded', { PlayerData: { source: id, citizenid: `RSG${id}` } });
    },
  };
}
