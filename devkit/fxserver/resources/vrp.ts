/**
 * vRP for the simulated FXServer: the shared model (devkit/fakes/frameworks/models/vrp.ts, derived from the transcripts
 * test/frameworks/transcripts/vrp1.json, vrp1-current-fxserver.json, vrp2.json and vrp-creative.json; its header says
 * what is recorded and what is a guess) answering the Proxy protocol of vRP 1: the event `vRP:proxy (member, args,
 * identifier, rid)` runs the member and, when rid ~= -1, `vRP:<identifier>:proxy_res (rid, rets)` carries what it
 * returned; an unknown member prints and answers nothing; a member that raises prints a SCRIPT ERROR and never
 * answers; every credit and item is written to the payout ledger; users are forgotten on `playerDropped`.
 */
import { createVrpModel, type VrpUser } from '../../fakes/frameworks/models/vrp';
import type { FakeResourceDefinition } from '../server';
import { DEFAULT_ITEMS } from './inventory-model';

export type { VrpUser } from '../../fakes/frameworks/models/vrp';

/** Options of the vRP fake. */
export interface VrpFakeOptions {
  /** Delay proxy replies by this many ms (a yielding Lua function); 0 replies during the emit. */
  replyDelayMs?: number;
  /** Item weights in kg, as vRP 1's cfg/items.lua gives them (default: the shared catalogue in kg). */
  itemWeights?: Record<string, number>;
  /** getInventoryMaxWeight in kg (vRP 1: strength level x cfg.inventory_weight_per_strength; default 30). */
  maxWeight?: number;
}

/** The vRP fake: definition plus controls. */
export interface VrpFake {
  /** Pass to server.addFakeResource('vrp', ...). */
  definition: FakeResourceDefinition;
  /** Users by server id (present once "spawned"). */
  users: Map<number, VrpUser>;
  /** Makes a connected player a vRP user. */
  loadPlayer(id: number, userId?: number): VrpUser;
}

/** Creates the vRP fake (vRP 1). */
export function createVrpFake(options: VrpFakeOptions = {}): VrpFake {
  const weights =
    options.itemWeights ??
    Object.fromEntries(Object.entries(DEFAULT_ITEMS).map(([name, def]) => [name, def.weight / 1000]));
  const users = new Map<number, VrpUser>();
  let log: (line: string) => void = () => {};
  let payout:
    | ((user: VrpUser, kind: 'money' | 'bank' | 'item', name: string, amount: number) => void)
    | undefined;
  const model = createVrpModel({
    variant: 'vrp1',
    items: Object.fromEntries(Object.entries(weights).map(([name, weight]) => [name, { name, weight }])),
    maxWeight: options.maxWeight ?? 30,
    print: (line) => log(line),
    onPay: (user, kind, name, amount) => payout?.(user, kind, name, amount),
  });
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, api) {
      log = (line) => g.console.log(line);
      payout = (user, kind, name, amount) =>
        api.payout({ framework: 'vrp', player: user.source ?? 0, kind, name, amount });
      g.AddEventHandler('vRP:proxy', (member: unknown, args: unknown, identifier: unknown, rid: unknown) => {
        const run = () => {
          const answer = model.call(String(member), args);
          if (answer.kind === 'raised') {
            g.console.log(`SCRIPT ERROR: ${answer.message}`);
            return;
          }
          const reply = () => {
            if (answer.kind === 'later') answer.apply?.();
            if (rid !== -1)
              g.TriggerEvent(`vRP:${String(identifier)}:proxy_res`, rid, model.rets(answer.values));
          };
          if (answer.kind === 'later') g.setTimeout(reply, Math.max(options.replyDelayMs ?? 0, 1));
          else reply();
        };
        if ((options.replyDelayMs ?? 0) > 0) g.setTimeout(run, options.replyDelayMs);
        else run();
      });
      g.AddEventHandler('playerDropped', () => {
        model.drop(Number(g.source));
        users.delete(Number(g.source));
      });
    },
  };
  return {
    definition,
    users,
    loadPlayer(id, userId = id) {
      const user = model.join(id, userId);
      users.set(id, user);
      return user;
    },
  };
}
