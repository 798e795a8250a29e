/** What every ESX world shares: players, database, how a player loads, state probes and call helpers. */
import type { SimPlayer, SimServer } from '../host';
import type { ScenarioContext } from '../world';
import { createEsxDatabase } from './esx-database';

/** Alice (source 1) is loaded at boot; Bob (source 2) is connected but never loaded. */
export const ESX_PLAYERS: SimPlayer[] = [
  { source: 1, name: 'Alice', identifiers: ['license:1111', 'license2:2222', 'discord:1'] },
  { source: 2, name: 'Bob', identifiers: ['license:3333'] },
];

/** Database with Alice's row: 50 cash, 1000 bank, no items. */
export function esxDatabase(log: (line: string) => void) {
  return createEsxDatabase(
    [{ identifier: '1111', accounts: { money: 50, bank: 1000, black_money: 0 }, inventory: [] }],
    log,
  ).router;
}

/** Loads a player the way the ESX client does: the `esx:onPlayerJoined` net event. */
export function loadEsxPlayer(server: SimServer, player: SimPlayer): void {
  server.emitNet('esx:onPlayerJoined', player.source);
}

const ESX_PROBE = `
local out = {}
for src, x in pairs(ESX.Players) do
  local accounts = {}
  for _, a in ipairs(x.getAccounts()) do accounts[a.name] = a.money end
  local entry = { accounts = accounts }
  if not Config.CustomInventory then
    local items = {}
    for _, it in pairs(x.getInventory()) do if (it.count or 0) > 0 then items[it.name] = it.count end end
    entry.items, entry.weight, entry.maxWeight = items, x.getWeight(), x.getMaxWeight()
  end
  out['player ' .. src] = entry
end
return out`;

/** Lua for ox_inventory's state: items, weight and slots of every player inventory. */
export const OX_PROBE = `
local out = {}
for _, src in ipairs(GetPlayers()) do
  local inv = exports.ox_inventory:GetInventory(tonumber(src))
  if inv then
    local items, used = {}, 0
    for _, it in pairs(inv.items) do items[it.name] = (items[it.name] or 0) + it.count used = used + 1 end
    out['player ' .. src] = { items = items, weight = inv.weight, maxWeight = inv.maxWeight, slots = inv.slots, slotsUsed = used }
  end
end
return out`;

/** ESX accounts (and ESX's own inventory when ox is not in use) per loaded player, plus ox_inventory when started. */
export function esxState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (server.resourceState('es_extended') === 'started')
    state.es_extended = server.probe('es_extended', ESX_PROBE);
  if (server.resourceState('ox_inventory') === 'started')
    state.ox_inventory = server.probe('ox_inventory', OX_PROBE);
  return state;
}

/** Calls a function and swallows a throw (the recording keeps it). */
export function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** `exports.es_extended.RunStaticPlayerMethod(source, method, ...args)`, recorded; a throw is swallowed. */
export function rsm(ctx: ScenarioContext, source: unknown, method: string, ...args: unknown[]): unknown {
  return attempt(() => ctx.exports('es_extended').RunStaticPlayerMethod?.(source, method, ...args));
}

/** `exports.ox_inventory.<name>(...args)`, recorded; a throw is swallowed. */
export function ox(ctx: ScenarioContext, name: string, ...args: unknown[]): unknown {
  return attempt(() => ctx.exports('ox_inventory')[name]?.(...args));
}

/** The xPlayer snapshot through `getSharedObject().GetPlayerFromId(source)` (the pre-1.13 path). */
export function xPlayer(
  ctx: ScenarioContext,
  source: unknown,
): Record<string, (...a: unknown[]) => unknown> | undefined {
  const esx = attempt(() => ctx.exports('es_extended').getSharedObject?.()) as
    | Record<string, (...a: unknown[]) => unknown>
    | undefined;
  return attempt(() => esx?.GetPlayerFromId?.(source)) as
    | Record<string, (...a: unknown[]) => unknown>
    | undefined;
}

/** What every ESX world's definition shares: database, players (Alice loaded at boot), loading and state. */
export const ESX_WORLD = {
  database: esxDatabase,
  players: ESX_PLAYERS,
  loaded: [1],
  load: loadEsxPlayer,
  state: esxState,
};

/** The reason string the adapter passes with every credit. */
export const REASON = 'vote-reward v1';

/** `addAccountMoney(account, amount)` through RunStaticPlayerMethod, then `getAccount(account)` to read it back. */
export function creditAndRead(ctx: ScenarioContext, source: unknown, account: string, amount: number): void {
  rsm(ctx, source, 'addAccountMoney', account, amount, REASON);
  rsm(ctx, source, 'getAccount', account);
}

/** ESX's item calls through RunStaticPlayerMethod: canCarryItem, addInventoryItem, then getInventoryItem unless `read` is false. */
export function esxItemCalls(
  ctx: ScenarioContext,
  source: unknown,
  item: string,
  count: number,
  read = true,
): void {
  rsm(ctx, source, 'canCarryItem', item, count);
  rsm(ctx, source, 'addInventoryItem', item, count);
  if (read) rsm(ctx, source, 'getInventoryItem', item);
}

/** ox_inventory's item calls: CanCarryItem, AddItem, then GetItemCount. */
export function oxItemCalls(ctx: ScenarioContext, source: unknown, item: string, count: number): void {
  ox(ctx, 'CanCarryItem', source, item, count);
  ox(ctx, 'AddItem', source, item, count);
  ox(ctx, 'GetItemCount', source, item);
}

/** ox_inventory settings shared by the ox worlds: 5 slots and 3 kg, so "full" is reachable in a few calls. */
export const OX_CONVARS = {
  'inventory:framework': 'esx',
  'inventory:slots': '5',
  'inventory:weight': '3000',
  sv_stateBagStrictMode: 'true',
};

/** The resources of the worlds that install ox_inventory next to ESX, in install order. */
export const ESX_OX_RESOURCES = ['ox_lib', 'es_extended', 'ox_inventory'];
