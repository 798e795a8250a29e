/**
 * The vRP family: vRP 1 / vRPex and Creative (cN / network). None of them exports functions; they expose the
 * `vRP` interface through the Proxy event protocol (`lib/Proxy.lua`):
 * a caller emits `vRP:proxy (member, args, identifier, rid)`; vRP runs `member(table.unpack(args))` and, when
 * `rid >= 0`, answers with `vRP:<identifier>:proxy_res (rid, rets)`. The answer is synchronous unless the vRP
 * function yields (SQL), so the pending rid is registered before the emit, and a timeout catches a member that
 * errored (Lua errors in an event handler produce no answer). `rets` is a Lua sequence (a JS array) or a
 * `table.pack` result (`{ 1: a, n: 1 }`).
 *
 * vRP always answers, even for a member it does not have: `{}` (vRP 1, Creative) or `table.pack()` (vRP 2), the
 * same empty answer as a member that returned nil. Members that always return a value (the getters) are probed
 * at start, so a missing one is caught there. The paying members return nothing on every variant: at start each is
 * sent a request without an argument table, which vRP answers at once for a member it lacks and raises on (before
 * running it) for one it has; and a payout is judged by the balance or item count read before and after it.
 *
 * vRP 1 names: `getUserId(source)`, `giveMoney(user_id, amount)`, `giveBankMoney(user_id, amount)`,
 * `giveInventoryItem(user_id, item, amount, notify)` (adds any name, known or not), `getMoney`, `getBankMoney`,
 * `getInventoryItemAmount(user_id, item)`, `getItemDefinition(item)` (nothing for an unknown item),
 * `getInventoryWeight`, `getInventoryMaxWeight`, `getItemWeight`.
 * vRP 2 exposes only `loadScript` to other resources: nothing to pay with, so only custom rewards work there.
 * Creative names: `Passport(source)`, `GiveBank(Passport, Amount)`, `GetBank(source)`,
 * `GenerateItem(Passport, Item, Amount, Notify)` (adds any name, checks no weight, and drops the items silently
 * when none of slots 6..min(GetWeight, 100) is empty or holds the same item), `ItemAmount(Passport, Item)`,
 * `Inventory(Passport)` (slot → { item, amount }), `GetWeight(Passport)` (max weight, also the last slot),
 * `InventoryWeight(Passport)`, `ChestWeight(Data)` (weight of listed items only), `CheckWeight(Passport, Item,
 * Amount)` (absent from some bases); cash in hand is an item there (`dollar` by default, configurable).
 */
import { createAdapter } from './base';
import { type CallOutcome, frameworkError, PAID, payingCallFailed, refuse } from './call';
import type { FrameworkDescriptor } from './framework';
import { createOxInventory } from './ox-inventory';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  InventoryBackend,
  InventoryChoice,
  PayoutResult,
  Reading,
  Reward,
} from './types';
import { readNumber } from './verify';

/** Resource name of vRP (all variants). */
export const VRP = 'vrp';

/** Which vRP API the server runs. */
export type VrpVariant = 'vrp1' | 'vrp2' | 'creative';

/** Variants a server owner can choose in config.json. */
export const VRP_VARIANTS: readonly VrpVariant[] = ['vrp1', 'vrp2', 'creative'];

/** Default time to wait for a proxy answer. */
export const VRP_DEFAULT_TIMEOUT_MS = 5000;

/** How many timed-out calls are remembered, so a late answer can still be reported to admins. */
const LATE_ANSWERS_REMEMBERED = 64;

/** Options of the proxy client. */
export interface VrpProxyOptions {
  host: FrameworkHost;
  /** Interface name; `vRP` for every known variant. */
  interfaceName?: string;
  /** Our identifier in the reply event name `vRP:<identifier>-<nonce>:proxy_res`. */
  identifier?: string;
  /** Per-instance suffix of the identifier (random by default), so a late answer from before a restart is ignored. */
  nonce?: string;
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
  /**
   * True when vRP surely lacks `member`, found without running it: the request carries a number instead of the
   * argument table, so vRP's Proxy raises before calling a member it has (no answer; vRP prints the error) and
   * answers a member it lacks at once with nothing. False when no answer came during the emit (it has the member,
   * or this vRP answers later).
   */
  lacks(member: string): boolean;
  /** Number of calls still waiting for an answer. */
  pending(): number;
  /** Removes the reply handler and fails every waiting call. */
  dispose(): void;
  /** The event vRP answers on, unique to this instance. */
  readonly replyEvent: string;
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
  const identifier = `${options.identifier ?? 'vote-reward'}-${options.nonce ?? Math.random().toString(36).slice(2, 10)}`;
  const timeoutMs = options.timeoutMs ?? VRP_DEFAULT_TIMEOUT_MS;
  const waiting = new Map<
    number,
    { resolve: (rets: unknown) => void; fail: (detail: string, unanswered?: boolean) => void }
  >();
  const timedOut = new Map<number, string>();
  let nextRid = 1;
  let closed = false;

  const replyEvent = `${interfaceName}:${identifier}:proxy_res`;
  const off = host.on(replyEvent, (rid, rets) => {
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
      `${late} answered after the ${timeoutMs} ms timeout (request ${rid}): ${refused ? 'it ran and answered false (refused)' : 'it did run'}; this helps an admin decide the reward it carried`,
    );
  });

  return {
    call(member, ...args) {
      if (closed) {
        return Promise.resolve({
          ok: false,
          detail: `${interfaceName} proxy is closed; ${member} was not called`,
        });
      }
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
          fail: (detail, unanswered = true) => settle({ ok: false, detail, invoked: true, unanswered }),
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
              false,
            );
        }
      });
    },
    lacks(member) {
      if (closed) return false;
      const rid = nextRid;
      nextRid = nextRid >= 2_000_000_000 ? 1 : nextRid + 1;
      let values: unknown[] | undefined;
      waiting.set(rid, {
        resolve: (rets) => {
          values = proxyReturnValues(rets);
        },
        fail: () => {},
      });
      try {
        host.emit(`${interfaceName}:proxy`, member, 0, identifier, rid);
      } catch {
        return false;
      } finally {
        waiting.delete(rid);
      }
      return values !== undefined && values.length === 0;
    },
    pending: () => waiting.size,
    replyEvent,
    dispose() {
      closed = true;
      off();
      for (const entry of [...waiting.values()])
        entry.fail(`${interfaceName} proxy closed before an answer; whether it ran is unknown`);
    },
  };
}

/** Member names one vRP variant uses; a server whose base renamed them can override each. */
export interface VrpMembers {
  /** Source → user id / passport (nil or false when not loaded). */
  userId: string;
  /** Cash in hand (vRP 1); Creative pays cash as the cash item. */
  giveMoney: string;
  /** Bank. */
  giveBank: string;
  /** Items. */
  giveItem: string;
  /** Reads the wallet (vRP 1). */
  getMoney: string;
  /** Reads the bank (vRP 1 by user id, Creative by source). */
  getBank: string;
  /** Reads an item count by user id. */
  itemAmount: string;
}

/** The member names of each variant (vRP 2 has none: its Proxy offers only loadScript). */
export const VRP_MEMBERS: Readonly<Record<Exclude<VrpVariant, 'vrp2'>, VrpMembers>> = {
  vrp1: {
    userId: 'getUserId',
    giveMoney: 'giveMoney',
    giveBank: 'giveBankMoney',
    giveItem: 'giveInventoryItem',
    getMoney: 'getMoney',
    getBank: 'getBankMoney',
    itemAmount: 'getInventoryItemAmount',
  },
  creative: {
    userId: 'Passport',
    giveMoney: 'GenerateItem',
    giveBank: 'GiveBank',
    giveItem: 'GenerateItem',
    getMoney: 'ItemAmount',
    getBank: 'GetBank',
    itemAmount: 'ItemAmount',
  },
};

/** Options of the vRP adapter. */
export interface VrpAdapterOptions extends VrpProxyOptions {
  /** vRP 1 / vRPex, vRP 2, or Creative names (default vrp1). */
  variant?: VrpVariant;
  /** Member names that differ from the variant's defaults. */
  members?: Partial<VrpMembers>;
  /** Creative only: the item that is cash in hand. */
  cashItem?: string;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else vRP's own. */
  inventory?: InventoryChoice;
}

function isUserId(value: unknown): value is number | string {
  return (typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '');
}

const VRP2_ONLY_CUSTOM =
  'vRP 2 offers other resources only loadScript through its Proxy, so it cannot pay money, bank or item rewards; use custom rewards (a command or an event) on vRP 2';

/** Creates the vRP adapter for the chosen variant. */
export function createVrpAdapter(options: VrpAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const variant = options.variant ?? 'vrp1';
  const choice = options.inventory ?? 'auto';
  const cashItem = options.cashItem ?? 'dollar';
  const proxy = createVrpProxy(options);
  const names: VrpMembers = {
    ...VRP_MEMBERS[variant === 'creative' ? 'creative' : 'vrp1'],
    ...options.members,
  };
  const creative = variant === 'creative';

  /** A getter's answer: empty means the member does not exist (a getter always returns a value). */
  const query = async (member: string, ...args: unknown[]): Promise<Reading & { raw?: unknown }> => {
    const outcome = await proxy.call(member, ...args);
    if (!outcome.ok) return { ok: false, detail: outcome.detail };
    if ((outcome.values ?? []).length === 0) {
      return {
        ok: false,
        detail: `vRP.${member} answered nothing: this vRP has no member ${member} (variant ${variant})`,
      };
    }
    return { ...readNumber(`vRP.${member}`, outcome.value), raw: outcome.value };
  };

  const userId = async (source: number): Promise<CallOutcome> => proxy.call(names.userId, source);

  const withUser = async <T>(
    source: number,
    notLoaded: T,
    failed: (detail: string) => T,
    run: (id: number | string) => Promise<T>,
  ): Promise<T> => {
    const id = await userId(source);
    if (!id.ok) return failed(id.detail);
    if (!isUserId(id.value)) return notLoaded;
    return run(id.value);
  };
  const payAs = (source: number, run: (id: number | string) => Promise<PayoutResult>) =>
    withUser<PayoutResult>(source, refuse({ code: 'player_not_loaded' }), frameworkError, run);
  const readAs = (source: number, run: (id: number | string) => Promise<Reading>) =>
    withUser<Reading>(
      source,
      { ok: false, detail: 'the player is not loaded' },
      (detail) => ({ ok: false, detail }),
      run,
    );

  // The paying members return nothing: only a failure to answer says anything; the reading decides the rest.
  const sent = (outcome: CallOutcome): PayoutResult => (outcome.ok ? PAID : payingCallFailed(outcome));

  /**
   * Creative: whether the base's item list has `item`. GenerateItem adds any name, so a name missing from the list
   * would become a ghost item. ChestWeight(data) adds weight × amount only for listed items; an infinite amount
   * makes any listed item count (Infinity, or NaN for a weightless one such as the cash item), an unlisted one 0.
   */
  const creativeItemListed = async (item: string): Promise<boolean | string> => {
    const outcome = await proxy.call('ChestWeight', [{ item, amount: Number.POSITIVE_INFINITY }]);
    if (!outcome.ok) return outcome.detail;
    if (typeof outcome.value !== 'number') {
      return `vRP.ChestWeight answered ${JSON.stringify(outcome.value) ?? 'nothing'}, not a weight`;
    }
    return outcome.value !== 0;
  };

  /** Creative: what a slot of `Inventory(passport)` holds (slots are string keys; a full 1..n run arrives as an array). */
  const slotAt = (inventory: unknown, slot: number): unknown => {
    if (Array.isArray(inventory)) return inventory[slot - 1];
    return inventory !== null && typeof inventory === 'object'
      ? (inventory as Record<string, unknown>)[String(slot)]
      : undefined;
  };

  /**
   * Creative: whether GenerateItem would keep `count` x `item`. It puts the items on the first of slots
   * 6..min(GetWeight, 100) that is empty or holds the same name and drops them silently when there is none; it
   * checks no weight, so the weight is checked here (CheckWeight when the base has it, else the base's own sum).
   */
  const creativeCanCarry = async (
    id: number | string,
    item: string,
    count: number,
    fix = 'fix the reward in config.json',
  ) => {
    const listed = await creativeItemListed(item);
    if (typeof listed === 'string') return frameworkError(listed);
    if (!listed) return frameworkError(`the item "${item}" is not in this vRP base's item list: ${fix}`);
    const [inventory, max] = await Promise.all([proxy.call('Inventory', id), query('GetWeight', id)]);
    if (!inventory.ok) return frameworkError(inventory.detail);
    if (!max.ok) return frameworkError(max.detail);
    if (inventory.value === null || typeof inventory.value !== 'object') {
      return frameworkError(
        `vRP.Inventory answered ${JSON.stringify(inventory.value) ?? 'nothing'}, not an inventory`,
      );
    }
    let slotFree = false;
    for (let slot = 6; slot <= Math.min(max.value, 100) && !slotFree; slot++) {
      const held = slotAt(inventory.value, slot) as { item?: unknown } | undefined;
      slotFree = held === undefined || held === null || held.item === item;
    }
    if (!slotFree) return refuse({ code: 'inventory_full', item, count });
    const fits = await proxy.call('CheckWeight', id, item, count);
    if (!fits.ok) return frameworkError(fits.detail);
    if ((fits.values ?? []).length > 0) {
      return fits.value === true ? PAID : refuse({ code: 'inventory_full', item, count });
    }
    const [carried, adding] = await Promise.all([
      query('InventoryWeight', id),
      query('ChestWeight', [{ item, amount: count }]),
    ]);
    if (!carried.ok) return frameworkError(carried.detail);
    if (!adding.ok) return frameworkError(adding.detail);
    return adding.value === 0 || carried.value + adding.value <= max.value
      ? PAID
      : refuse({ code: 'inventory_full', item, count });
  };

  /** Creative members the checks above need; each answers for anyone, so an empty answer means it is missing. */
  const CREATIVE_CHECKS: [string, unknown[]][] = [
    ['Inventory', [0]],
    ['GetWeight', [0]],
    ['InventoryWeight', [0]],
    ['ChestWeight', [[]]],
  ];
  // Calls each getter with harmless arguments: no answer is a problem, an empty answer means the member is missing.
  const probeMembers = async (
    probes: readonly (readonly [string, readonly unknown[]])[],
    missing: (member: string) => string,
  ): Promise<string[]> => {
    const problems: string[] = [];
    for (const [member, args] of probes) {
      const outcome = await proxy.call(member, ...args);
      if (!outcome.ok) problems.push(`vRP did not answer ${member}: ${outcome.detail}`);
      else if ((outcome.values ?? []).length === 0) problems.push(missing(member));
    }
    return problems;
  };
  let creativeChecks: Promise<string[]> | undefined;
  const creativeCheckProblems = (): Promise<string[]> => {
    creativeChecks ??= probeCreativeChecks();
    return creativeChecks;
  };
  const probeCreativeChecks = async (): Promise<string[]> => {
    return probeMembers(
      CREATIVE_CHECKS,
      (member) =>
        `this vRP base has no ${member}, which vote-reward needs to check an item exists and fits before GenerateItem (it drops what does not fit and creates unknown names)`,
    );
  };

  /** Cash item names Creative-style bases use, named when the configured one is not an item. */
  const CASH_ITEM_NAMES = ['dollars', 'dollar', 'money', 'cash', 'dinheiro'];
  const cashItemProblem = async (): Promise<string | undefined> => {
    const listed = await creativeItemListed(cashItem);
    if (listed === true) return undefined;
    if (typeof listed === 'string') return `the cash item "${cashItem}" could not be checked: ${listed}`;
    const existing: string[] = [];
    for (const name of CASH_ITEM_NAMES)
      if (name !== cashItem && (await creativeItemListed(name)) === true) existing.push(name);
    return `the cash item "${cashItem}" (setting vrp.cashItem) is not in this vRP base's item list, so cash would be paid as a ghost item; ${
      existing.length > 0
        ? `this base has ${existing.map((name) => `"${name}"`).join(', ')}: set "vrp": { "cashItem": "${existing[0]}" } in config.json`
        : `none of ${CASH_ITEM_NAMES.join(', ')} is an item either: set "vrp": { "cashItem": ... } to the name your base's item list gives cash`
    }`;
  };

  /** Paying members the rewards use that vRP lacks (a base that renamed them), one line each. */
  const probedMembers = new Set<string>();
  const missingPayingMembers = (keys: (keyof VrpMembers)[]): string[] => {
    const byMember = new Map<string, (keyof VrpMembers)[]>();
    for (const key of keys) {
      if (!probedMembers.has(names[key]))
        byMember.set(names[key], [...(byMember.get(names[key]) ?? []), key]);
    }
    for (const member of byMember.keys()) probedMembers.add(member);
    if (byMember.size === 0) return [];
    host.log.info(
      `checking that vRP has ${[...byMember.keys()].join(', ')} without calling them; vRP prints one "table expected, got number" error for each one it has, which is expected`,
    );
    return [...byMember]
      .filter(([member]) => proxy.lacks(member))
      .map(
        ([member, keys]) =>
          `vRP has no member ${member} (${keys.map((key) => `vrp.members.${key}`).join(', ')}, variant ${variant}): set "vrp": { "members": { "${keys[0]}": ... } } in config.json to the name your base uses`,
      );
  };

  const vrpInventory: InventoryBackend = {
    name: creative ? 'vRP (Creative)' : 'vRP',
    canCarry: (source, item, count) =>
      payAs(source, async (id) => {
        if (creative) return creativeCanCarry(id, item, count);
        // giveInventoryItem adds any name, known or not: a name vRP does not define would become a ghost item.
        const definition = await proxy.call('getItemDefinition', item);
        if (!definition.ok) return frameworkError(definition.detail);
        if ((definition.values ?? []).length === 0) {
          return frameworkError(`the item "${item}" is not defined in vRP: fix the reward in config.json`);
        }
        const [weight, itemWeight, max] = await Promise.all([
          query('getInventoryWeight', id),
          query('getItemWeight', item),
          query('getInventoryMaxWeight', id),
        ]);
        for (const reading of [weight, itemWeight, max])
          if (!reading.ok) return frameworkError(reading.detail);
        const [w, iw, m] = [weight, itemWeight, max].map((r) => (r.ok ? r.value : 0)) as [
          number,
          number,
          number,
        ];
        return w + iw * count <= m ? PAID : refuse({ code: 'inventory_full', item, count });
      }),
    addItem: (source, item, count) =>
      payAs(source, async (id) => sent(await proxy.call(names.giveItem, id, item, count, true))),
    count: (source, item) => readAs(source, (id) => query(names.itemAmount, id, item)),
    async unknownItems(items) {
      const problems = missingPayingMembers(['giveItem']);
      if (creative) {
        const checks = await creativeCheckProblems();
        if (checks.length > 0) return [...problems, ...checks];
        for (const item of items) {
          const listed = await creativeItemListed(item);
          if (listed === false) {
            problems.push(
              `the item "${item}" is not in this vRP base's item list (vRP.ChestWeight gives it no weight entry), so GenerateItem would create a ghost item`,
            );
          } else if (typeof listed === 'string')
            problems.push(`the item "${item}" could not be checked: ${listed}`);
        }
        return problems;
      }
      for (const item of items) {
        const definition = await proxy.call('getItemDefinition', item);
        if (definition.ok && (definition.values ?? []).length === 0) {
          problems.push(`the item "${item}" is not defined in vRP (vRP.getItemDefinition answered nothing)`);
        }
      }
      return problems;
    },
  };
  const ox = createOxInventory(host);

  if (variant === 'vrp2') {
    return createAdapter({
      name: 'vrp',
      host,
      isPlayerReady: async () => true,
      async startupProblems(rewards: readonly Reward[]) {
        return rewards.some((reward) => reward.type !== 'custom') ? [VRP2_ONLY_CUSTOM] : [];
      },
      dispose: () => proxy.dispose(),
    });
  }

  return createAdapter({
    name: 'vrp',
    host,
    async isPlayerReady(source) {
      const id = await userId(source);
      return id.ok && isUserId(id.value);
    },
    giveMoney: (source, account, amount) =>
      payAs(source, async (id) => {
        if (account === 'bank') return sent(await proxy.call(names.giveBank, id, amount));
        if (creative) {
          // Cash is an item here: GenerateItem would drop it without a free slot, or create a ghost item.
          const fits = await creativeCanCarry(
            id,
            cashItem,
            amount,
            'set vrp.cashItem in config.json to the cash item of this base',
          );
          if (!fits.ok) return fits;
          return sent(await proxy.call(names.giveMoney, id, cashItem, amount, true));
        }
        return sent(await proxy.call(names.giveMoney, id, amount));
      }),
    readMoney(source, account) {
      if (creative && account === 'bank') return query(names.getBank, source);
      return readAs(source, (id) =>
        account === 'bank'
          ? query(names.getBank, id)
          : creative
            ? query(names.getMoney, id, cashItem)
            : query(names.getMoney, id),
      );
    },
    async startupProblems(rewards: readonly Reward[]) {
      const paid = rewards.filter((reward) => reward.type !== 'custom');
      if (paid.length === 0) return [];
      // Getters answer for anyone, even an unknown id, so an empty answer can only mean the member is missing.
      const probes: [string, unknown[]][] = [[creative ? names.userId : names.getMoney, [0]]];
      if (rewards.some((r) => r.type === 'bank')) probes.push([names.getBank, [0]]);
      if (creative && rewards.some((r) => r.type === 'money')) probes.push([names.getMoney, [0, cashItem]]);
      if (rewards.some((r) => r.type === 'item')) probes.push([names.itemAmount, [0, '']]);
      const problems = await probeMembers(
        probes,
        (member) =>
          `vRP answered nothing for ${member}: this vRP does not have it. Set "vrp": { "variant": ... } in config.json to ${VRP_VARIANTS.filter((v) => v !== variant).join(' or ')}, or name the members your base uses`,
      );
      if (problems.length > 0) return problems;
      // vRP answers, so a paying member it lacks answers at once: a base that renamed one is caught before paying.
      problems.push(
        ...missingPayingMembers([
          ...(rewards.some((r) => r.type === 'money') ? (['giveMoney'] as const) : []),
          ...(rewards.some((r) => r.type === 'bank') ? (['giveBank'] as const) : []),
        ]),
      );
      if (creative && rewards.some((r) => r.type === 'money')) {
        const checks = await creativeCheckProblems();
        if (checks.length > 0) return [...problems, ...checks];
        const cash = await cashItemProblem();
        if (cash) problems.push(cash);
      }
      return problems;
    },
    inventory: { framework: VRP_FRAMEWORK, choice, ox, fallback: vrpInventory },
    dispose: () => proxy.dispose(),
  });
}

/** The vRP family in the framework registry. */
export const VRP_FRAMEWORK: FrameworkDescriptor<'vrp'> = {
  name: 'vrp',
  label: 'vRP',
  resource: VRP,
  requiredExports: {},
  items: 'ox-or-own',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host, inventory, vrp }) => createVrpAdapter({ ...vrp, host, inventory }),
};
