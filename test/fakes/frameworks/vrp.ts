/**
 * Fake vRP answering the Proxy event protocol of `lib/Proxy.lua`: it listens to `vRP:proxy (member, args,
 * identifier, rid)`, runs the member with the unpacked args and, when `rid >= 0`, emits
 * `vRP:<identifier>:proxy_res (rid, rets)`. A member it does not have still gets an answer, an empty one, exactly
 * like a member that returned nil (`rets = {f(...)}` drops trailing nils). Replies can be synchronous (inside the
 * emit), delayed (after a timer, as when the member yields on SQL) or never (the member raised a Lua error). `rets`
 * is a sequence (vRP 1) or a `table.pack` map (`{ 1: a, n: 1 }`). vRP 2 has only `loadScript`; Creative bases may
 * lack `CheckWeight`, and `GenerateItem` drops items silently when no slot is free.
 */
import type { FakeHost } from './host';

/** How the fake answers. */
export type VrpReplyMode = 'sync' | 'delayed' | 'never';

/** Options of the fake vRP. */
export interface FakeVrpOptions {
  /** vRP 1 / vRPex, vRP 2 or Creative member names. */
  variant?: 'vrp1' | 'vrp2' | 'creative';
  /** Creative: the base has `CheckWeight` (default true). */
  checkWeight?: boolean;
  /** Creative: free slots of every inventory (GenerateItem drops what finds no slot). */
  slots?: number;
  /** When replies arrive. */
  reply?: VrpReplyMode;
  /** Delay of `delayed` replies. */
  delayMs?: number;
  /** Shape of `rets`. */
  rets?: 'sequence' | 'packed';
  /** Expect the args table wrapped once more (old forks). */
  wrappedArgs?: boolean;
  /** Item weights known to vRP. */
  items?: Record<string, number>;
  /** Max inventory weight. */
  maxWeight?: number;
}

interface User {
  id: number;
  wallet: number;
  bank: number;
  weight: number;
  items: Record<string, number>;
}

class Multi {
  constructor(readonly values: unknown[]) {}
}
/** Several Lua return values. */
const multi = (...values: unknown[]) => new Multi(values);

/** Creates the fake vRP on the host. */
export function createFakeVrp(fake: FakeHost, options: FakeVrpOptions = {}) {
  const users = new Map<number, User>();
  const bySource = new Map<number, User>();
  const items = options.items ?? { bread: 1, dollar: 0 };
  const maxWeight = options.maxWeight ?? 10;
  const calls: { member: string; args: unknown[] }[] = [];
  let reply: VrpReplyMode = options.reply ?? 'sync';
  const raising = new Set<string>();
  const byId = (id: unknown) => users.get(Number(id));

  const addItem = (id: unknown, item: unknown, amount: unknown) => {
    const user = byId(id);
    const n = Number(amount);
    if (!user || n <= 0) return;
    const name = String(item);
    if (
      !(name in user.items) &&
      Object.keys(user.items).length >= (options.slots ?? Number.POSITIVE_INFINITY)
    )
      return;
    user.items[name] = (user.items[name] ?? 0) + n;
    user.weight += (items[name] ?? 0) * n;
  };
  const sourceOf = (id: number) => [...bySource].find(([, user]) => user.id === id)?.[0];

  const creative: Record<string, (...args: unknown[]) => unknown> = {
    Passport: (src) => bySource.get(src as number)?.id ?? false,
    GiveBank: (id, amount) => {
      const user = byId(id);
      if (user && Number(amount) > 0) user.bank += Number(amount);
    },
    GetBank: (src) => bySource.get(src as number)?.bank ?? 0,
    GenerateItem: (id, item, amount) => addItem(id, item, amount),
    ItemAmount: (id, item) => (sourceOf(Number(id)) !== undefined ? (byId(id)?.items[String(item)] ?? 0) : 0),
  };
  if (options.checkWeight ?? true) {
    creative.CheckWeight = (id, item, amount) => {
      const user = byId(id);
      return !!user && user.weight + (items[String(item)] ?? 0) * Number(amount ?? 1) <= maxWeight;
    };
  }
  const members: Record<string, (...args: unknown[]) => unknown> =
    options.variant === 'vrp2'
      ? { loadScript: () => undefined }
      : options.variant === 'creative'
        ? creative
        : {
            getUserId: (src) => bySource.get(src as number)?.id,
            giveMoney: (id, amount) => {
              const user = byId(id);
              if (user && Number(amount) >= 0) user.wallet += Number(amount);
            },
            giveBankMoney: (id, amount) => {
              const user = byId(id);
              if (user && Number(amount) >= 0) user.bank += Number(amount);
            },
            giveInventoryItem: (id, item, amount) => {
              addItem(id, item, amount);
            },
            getMoney: (id) => byId(id)?.wallet ?? 0,
            getBankMoney: (id) => byId(id)?.bank ?? 0,
            getInventoryItemAmount: (id, item) => byId(id)?.items[String(item)] ?? 0,
            getItemDefinition: (item) =>
              String(item) in items ? multi(String(item), '', items[String(item)]) : undefined,
            getInventoryWeight: (id) => byId(id)?.weight ?? 0,
            getItemWeight: (item) => items[String(item)] ?? 0,
            getInventoryMaxWeight: () => maxWeight,
            explode: () => {
              throw new Error('boom');
            },
          };

  fake.host.on('vRP:proxy', (member, rawArgs, identifier, rid) => {
    const args = (options.wrappedArgs ? (rawArgs as unknown[])[0] : rawArgs) as unknown[];
    calls.push({ member: String(member), args });
    const fn = members[String(member)];
    if (raising.has(String(member))) return;
    let values: unknown[] = [];
    try {
      const value = fn?.(...args);
      values = value instanceof Multi ? value.values : value === undefined ? [] : [value];
    } catch {
      return;
    }
    if (typeof rid !== 'number' || rid < 0 || reply === 'never') return;
    const rets =
      options.rets === 'packed'
        ? { ...Object.fromEntries(values.map((v, i) => [String(i + 1), v])), n: values.length }
        : values;
    const send = () => fake.host.emit(`vRP:${String(identifier)}:proxy_res`, rid, rets);
    if (reply === 'sync') send();
    else fake.host.setTimeout(send, options.delayMs ?? 100);
  });

  return {
    calls,
    /** Spawns a user: vRP assigns the user id when the player joins. */
    join(src: number, id: number) {
      const user: User = { id, wallet: 0, bank: 0, weight: 0, items: {} };
      users.set(id, user);
      bySource.set(src, user);
    },
    /** Changes how replies arrive. */
    setReply(mode: VrpReplyMode) {
      reply = mode;
    },
    /** Makes a member raise a Lua error from now on: vRP prints it and never answers. */
    raise(member: string) {
      raising.add(member);
    },
    user: (id: number) => users.get(id),
    setWeight(id: number, weight: number) {
      const user = users.get(id);
      if (user) user.weight = weight;
    },
  };
}
