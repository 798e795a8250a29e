/**
 * Fake vRP answering the Proxy event protocol of `lib/Proxy.lua`: it listens to `vRP:proxy (member, args,
 * identifier, rid)`, runs the member with the unpacked args and, when `rid >= 0`, emits
 * `vRP:<identifier>:proxy_res (rid, rets)`. Replies can be synchronous (inside the emit), delayed (after a timer,
 * as when the member yields on SQL) or never (the member raised a Lua error). `rets` is a sequence (vRP 1) or a
 * `table.pack` map (`{ 1: a, n: 1 }`).
 */
import type { FakeHost } from './host';

/** How the fake answers. */
export type VrpReplyMode = 'sync' | 'delayed' | 'never';

/** Options of the fake vRP. */
export interface FakeVrpOptions {
  /** vRP 1 / vRPex or Creative member names. */
  variant?: 'vrp' | 'creative';
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
    if (!user || n <= 0) return false;
    const name = String(item);
    user.items[name] = (user.items[name] ?? 0) + n;
    user.weight += (items[name] ?? 0) * n;
    return true;
  };

  const members: Record<string, (...args: unknown[]) => unknown> =
    options.variant === 'creative'
      ? {
          Passport: (src) => bySource.get(src as number)?.id ?? false,
          GiveBank: (id, amount) => {
            const user = byId(id);
            if (!user) throw new Error('attempt to index a nil value (local user)');
            user.bank += Number(amount);
          },
          GenerateItem: (id, item, amount) => addItem(id, item, amount),
          CheckWeight: (id, item, amount) => {
            const user = byId(id);
            return !!user && user.weight + (items[String(item)] ?? 0) * Number(amount ?? 1) <= maxWeight;
          },
        }
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
    if (!fn || raising.has(String(member))) return;
    let values: unknown[];
    try {
      values = [fn(...args)];
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
