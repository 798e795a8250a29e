/**
 * The vRP family: vRP 1 / vRPex and Creative (cN / network). None of them exports functions; they expose the
 * `vRP` interface through the Proxy event protocol (`lib/Proxy.lua`):
 * a caller emits `vRP:proxy (member, args, identifier, rid)`; vRP runs `member(table.unpack(args))` and, when
 * `rid >= 0`, answers with `vRP:<identifier>:proxy_res (rid, rets)`. The answer is synchronous unless the vRP
 * function yields (SQL), so the pending rid is registered before the emit, and a timeout catches a member that
 * errored (Lua errors in an event handler produce no answer). `rets` is a Lua sequence (a JS array) or a
 * `table.pack` result (`{ 1: a, n: 1 }`).
 *
 * vRP 1 names: `getUserId(source)`, `giveMoney(user_id, amount)`, `giveBankMoney(user_id, amount)`,
 * `giveInventoryItem(user_id, item, amount, notify)`, `getInventoryWeight`, `getInventoryMaxWeight`, `getItemWeight`.
 * Creative names: `Passport(source)`, `GiveBank(Passport, Amount)`, `GenerateItem(Passport, Item, Amount, Notify)`,
 * `CheckWeight(Passport, Item, Amount)`; cash in hand is an item there (`dollar` by default, configurable).
 */
import { createAdapter } from './base';
import { type CallOutcome, frameworkError, isStarted, PAID, payingCallFailed, refuse } from './call';
import { createOxInventory, OX_INVENTORY } from './ox-inventory';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  InventoryBackend,
  InventoryChoice,
  PayoutResult,
} from './types';

/** Resource name of vRP (all variants). */
export const VRP = 'vrp';

/** Which vRP API the server runs. */
export type VrpVariant = 'vrp' | 'creative';

/** Default time to wait for a proxy answer. */
export const VRP_DEFAULT_TIMEOUT_MS = 5000;

/** How many timed-out calls are remembered, so a late answer can still be reported to admins. */
const LATE_ANSWERS_REMEMBERED = 64;

/** Options of the proxy client. */
export interface VrpProxyOptions {
  /** The FiveM boundary. */
  host: FrameworkHost;
  /** Interface name; `vRP` for every known variant. */
  interfaceName?: string;
  /** Our identifier in the reply event name `vRP:<identifier>:proxy_res`. */
  identifier?: string;
  /** Milliseconds to wait for an answer before giving up. */
  timeoutMs?: number;
  /** Some old forks unpack the args table once more: send `[args]` instead of `args`. */
  wrapArgs?: boolean;
}

/** A client of the vRP Proxy event protocol. */
export interface VrpProxy {
  /**
   * Calls a member of the interface; resolves with its return values, never rejects. A failure after the request
   * went out (no answer in time, proxy closed, the emit threw) has `invoked: true`: the member may have run.
   */
  call(member: string, ...args: unknown[]): Promise<CallOutcome & { values?: unknown[] }>;
  /** Number of calls still waiting for an answer. */
  pending(): number;
  /** Removes the reply handler and fails every waiting call. */
  dispose(): void;
}

/** Turns `rets` (Lua sequence or `table.pack` map) into an array of values. */
export function proxyReturnValues(rets: unknown): unknown[] {
  if (Array.isArray(rets)) return rets;
  if (rets !== null && typeof rets === 'object') {
    const packed = rets as Record<string, unknown>;
    const n = typeof packed.n === 'number' ? packed.n : 0;
    return Array.from({ length: n }, (_, i) => packed[String(i + 1)]);
  }
  return [];
}

/** Creates a vRP proxy client; the reply handler is registered at once. */
export function createVrpProxy(options: VrpProxyOptions): VrpProxy {
  const { host } = options;
  const interfaceName = options.interfaceName ?? 'vRP';
  const identifier = options.identifier ?? 'vote-reward';
  const timeoutMs = options.timeoutMs ?? VRP_DEFAULT_TIMEOUT_MS;
  const waiting = new Map<number, { resolve: (rets: unknown) => void; fail: (detail: string) => void }>();
  const timedOut = new Map<number, string>();
  let nextRid = 1;

  const off = host.on(`${interfaceName}:${identifier}:proxy_res`, (rid, rets) => {
    if (typeof rid !== 'number') return;
    const entry = waiting.get(rid);
    if (entry) {
      entry.resolve(rets);
      return;
    }
    const late = timedOut.get(rid);
    if (late === undefined) return;
    timedOut.delete(rid);
    const refused = proxyReturnValues(rets)[0] === false;
    host.log.warn(
      `vote-reward: ${late} answered after the ${timeoutMs} ms timeout (request ${rid}): ${refused ? 'it ran and answered false (refused)' : 'it did run'}; this helps an admin decide the reward it carried`,
    );
  });

  return {
    call(member, ...args) {
      const rid = nextRid;
      nextRid = nextRid >= 2_000_000_000 ? 1 : nextRid + 1;
      return new Promise((resolve) => {
        let cancelTimer: () => void = () => {};
        const settle = (result: CallOutcome & { values?: unknown[] }) => {
          if (!waiting.delete(rid)) return;
          cancelTimer();
          resolve(result);
        };
        waiting.set(rid, {
          resolve: (rets) => {
            const values = proxyReturnValues(rets);
            settle({ ok: true, value: values[0], values });
          },
          fail: (detail) => settle({ ok: false, detail, invoked: true }),
        });
        cancelTimer = host.setTimeout(() => {
          if (!waiting.has(rid)) return;
          timedOut.set(
            rid,
            `${interfaceName}.${member}(${args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(', ')})`,
          );
          for (const old of timedOut.keys()) {
            if (timedOut.size <= LATE_ANSWERS_REMEMBERED) break;
            timedOut.delete(old);
          }
          waiting
            .get(rid)
            ?.fail(
              `${interfaceName}.${member} gave no answer within ${timeoutMs} ms (vRP not running, the member is missing or it raised an error; whether it ran is unknown)`,
            );
        }, timeoutMs);
        try {
          host.emit(`${interfaceName}:proxy`, member, options.wrapArgs ? [args] : args, identifier, rid);
        } catch (error) {
          waiting
            .get(rid)
            ?.fail(
              `${interfaceName}.${member} raised while being called (${String(error)}); whether it ran is unknown`,
            );
        }
      });
    },
    pending: () => waiting.size,
    dispose() {
      off();
      for (const entry of [...waiting.values()])
        entry.fail(`${interfaceName} proxy closed before an answer; whether it ran is unknown`);
    },
  };
}

/** Options of the vRP adapter. */
export interface VrpAdapterOptions extends VrpProxyOptions {
  /** vRP 1 / vRPex names, or Creative names. */
  variant?: VrpVariant;
  /** Creative only: the item that is cash in hand. */
  cashItem?: string;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else vRP's own. */
  inventory?: InventoryChoice;
}

function isUserId(value: unknown): value is number | string {
  return (typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '');
}

/** Creates the vRP adapter for the chosen variant. */
export function createVrpAdapter(options: VrpAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const variant = options.variant ?? 'vrp';
  const choice = options.inventory ?? 'auto';
  const cashItem = options.cashItem ?? 'dollar';
  const proxy = createVrpProxy(options);
  const names =
    variant === 'creative'
      ? { userId: 'Passport', bank: 'GiveBank', giveItem: 'GenerateItem' }
      : { userId: 'getUserId', bank: 'giveBankMoney', giveItem: 'giveInventoryItem' };

  const userId = async (source: number): Promise<CallOutcome> => proxy.call(names.userId, source);

  const withUser = async (
    source: number,
    run: (id: number | string) => Promise<PayoutResult>,
  ): Promise<PayoutResult> => {
    const id = await userId(source);
    if (!id.ok) return frameworkError(id.detail);
    if (!isUserId(id.value)) return refuse({ code: 'player_not_loaded' });
    return run(id.value);
  };

  // Only for members that pay: a request that went out unanswered may have paid, so it is never retried blindly.
  const answered = (outcome: CallOutcome, what: string): PayoutResult => {
    if (!outcome.ok) return payingCallFailed(outcome);
    return outcome.value === false ? frameworkError(`${what} returned false`) : PAID;
  };

  const vrpInventory: InventoryBackend = {
    name: variant === 'creative' ? 'vRP (Creative)' : 'vRP',
    canCarry: (source, item, count) =>
      withUser(source, async (id) => {
        if (variant === 'creative') {
          const fits = await proxy.call('CheckWeight', id, item, count);
          if (!fits.ok) return frameworkError(fits.detail);
          return fits.value === true ? PAID : refuse({ code: 'inventory_full', item, count });
        }
        const [weight, itemWeight, max] = await Promise.all([
          proxy.call('getInventoryWeight', id),
          proxy.call('getItemWeight', item),
          proxy.call('getInventoryMaxWeight', id),
        ]);
        if (!weight.ok) return frameworkError(weight.detail);
        if (!itemWeight.ok) return frameworkError(itemWeight.detail);
        if (!max.ok) return frameworkError(max.detail);
        const [w, iw, m] = [weight.value, itemWeight.value, max.value];
        if (typeof w !== 'number' || typeof iw !== 'number' || typeof m !== 'number') {
          return frameworkError(
            `vRP inventory weights are not numbers (${String(w)}, ${String(iw)}, ${String(m)})`,
          );
        }
        return w + iw * count <= m ? PAID : refuse({ code: 'inventory_full', item, count });
      }),
    addItem: (source, item, count) =>
      withUser(source, async (id) =>
        answered(await proxy.call(names.giveItem, id, item, count, true), `vRP.${names.giveItem}(${item})`),
      ),
  };
  const ox = createOxInventory(host);

  return createAdapter({
    name: 'vrp',
    host,
    async isPlayerReady(source) {
      const id = await userId(source);
      return id.ok && isUserId(id.value);
    },
    giveMoney: (source, account, amount) =>
      withUser(source, async (id) => {
        if (account === 'bank')
          return answered(await proxy.call(names.bank, id, amount), `vRP.${names.bank}`);
        if (variant === 'creative') {
          return answered(
            await proxy.call('GenerateItem', id, cashItem, amount, true),
            `vRP.GenerateItem(${cashItem})`,
          );
        }
        return answered(await proxy.call('giveMoney', id, amount), 'vRP.giveMoney');
      }),
    inventory() {
      if (choice !== 'framework' && isStarted(host, OX_INVENTORY)) return ox;
      if (choice === 'ox_inventory')
        return `inventory is set to ox_inventory but ${OX_INVENTORY} is not started`;
      return vrpInventory;
    },
    dispose: () => proxy.dispose(),
  });
}
