import type { FakeResourceDefinition } from '../server';
import { DEFAULT_ITEMS } from './inventory-model';

const isMulti = (value: unknown): value is { values: unknown[] } =>
  value !== null && typeof value === 'object' && Array.isArray((value as { values?: unknown }).values);

/** A vRP user. */
export interface VrpUser {
  /** user_id. */
  userId: number;
  /** Wallet. */
  wallet: number;
  /** Bank. */
  bank: number;
  /** Items. */
  items: Map<string, number>;
}

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

/**
 * vRP 1 proxy interface (vRP-framework/vRP 1.x vrp/lib/Proxy.lua + modules/money.lua, inventory.lua): the event
 * `vRP:proxy` (member, args, identifier, rid) calls vRP[member](...args); when rid ~= -1 the results are sent with
 * `vRP:<identifier>:proxy_res` (rid, rets). Members: getUserId, getUserSource, giveMoney, giveBankMoney, getMoney,
 * getBankMoney, giveInventoryItem, getInventoryItemAmount, getItemDefinition (name, description, weight; nothing for
 * an unknown item), and the weight functions of modules/inventory.lua: getItemWeight(idname),
 * getInventoryWeight(user_id), getInventoryMaxWeight(user_id) (kg; giveInventoryItem itself does not check weight).
 */
export function createVrpFake(options: VrpFakeOptions = {}): VrpFake {
  const users = new Map<number, VrpUser>();
  const itemWeights =
    options.itemWeights ??
    Object.fromEntries(Object.entries(DEFAULT_ITEMS).map(([name, def]) => [name, def.weight / 1000]));
  const itemWeight = (name: unknown): number => itemWeights[String(name)] ?? 0;
  const bySource = (src: unknown) => users.get(Number(src));
  const byUserId = (uid: unknown): [number, VrpUser] | undefined => {
    for (const [src, u] of users) if (u.userId === Number(uid)) return [src, u];
    return undefined;
  };
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, api) {
      const vRP: Record<string, (...a: unknown[]) => unknown> = {
        getUserId: (src) => bySource(src)?.userId,
        getUserSource: (uid) => byUserId(uid)?.[0],
        getMoney: (uid) => byUserId(uid)?.[1].wallet ?? 0,
        getBankMoney: (uid) => byUserId(uid)?.[1].bank ?? 0,
        getItemWeight: (item) => itemWeight(item),
        getInventoryItemAmount: (uid, item) => byUserId(uid)?.[1].items.get(String(item)) ?? 0,
        getItemDefinition: (item) =>
          String(item) in itemWeights ? api.multi(String(item), '', itemWeight(item)) : undefined,
        getInventoryWeight: (uid) =>
          [...(byUserId(uid)?.[1].items ?? [])].reduce((sum, [name, n]) => sum + itemWeight(name) * n, 0),
        getInventoryMaxWeight: () => options.maxWeight ?? 30,
        giveMoney: (uid, amount) => {
          const found = byUserId(uid);
          if (!found) return undefined;
          api.payout({
            framework: 'vrp',
            player: found[0],
            kind: 'money',
            name: 'wallet',
            amount: Number(amount),
          });
          found[1].wallet += Number(amount);
          return undefined;
        },
        giveBankMoney: (uid, amount) => {
          const found = byUserId(uid);
          if (!found) return undefined;
          api.payout({
            framework: 'vrp',
            player: found[0],
            kind: 'bank',
            name: 'bank',
            amount: Number(amount),
          });
          found[1].bank += Number(amount);
          return undefined;
        },
        giveInventoryItem: (uid, item, amount) => {
          const found = byUserId(uid);
          if (!found) return undefined;
          api.payout({
            framework: 'vrp',
            player: found[0],
            kind: 'item',
            name: String(item),
            amount: Number(amount),
          });
          found[1].items.set(String(item), (found[1].items.get(String(item)) ?? 0) + Number(amount));
          return undefined;
        },
      };
      g.AddEventHandler('vRP:proxy', (member: unknown, args: unknown, identifier: unknown, rid: unknown) => {
        const fn = vRP[String(member)];
        const list = Array.isArray(args) ? args : [];
        const reply = () => {
          let rets: unknown[] = [];
          if (fn) {
            const rv = fn(...list);
            rets = isMulti(rv) ? rv.values : rv === undefined ? [] : [rv];
          } else g.console.log(`vRP proxy: unknown member ${String(member)}`);
          if (rid !== -1) g.TriggerEvent(`vRP:${String(identifier)}:proxy_res`, rid, rets);
        };
        if ((options.replyDelayMs ?? 0) > 0) g.setTimeout(reply, options.replyDelayMs);
        else reply();
      });
      g.AddEventHandler('playerDropped', () => {
        users.delete(Number(g.source));
      });
    },
  };
  return {
    definition,
    users,
    loadPlayer(id, userId = id) {
      const u: VrpUser = { userId, wallet: 0, bank: 0, items: new Map() };
      users.set(id, u);
      return u;
    },
  };
}
