/**
 * Model of vRP's Proxy interface as other resources reach it (`vRP:proxy (member, args, identifier, rid)` answered
 * with `vRP:<identifier>:proxy_res (rid, rets)`), shared by the unit fake (devkit/fakes/frameworks/vrp.ts) and the
 * simulated FXServer resource (devkit/fxserver/resources/vrp.ts).
 *
 * Derived from the transcripts test/frameworks/transcripts/vrp1.json (vRP 1.0, real base.lua and modules),
 * vrp1-current-fxserver.json (vRP 1.0 on a current FXServer, where members that update a client raise after changing
 * the state and never answer), vrp2.json (vRP 2: only `loadScript`, and the interface vote-reward's lua/vrp2.lua adds
 * through it) and vrp-creative.json (Fantastic-Network/base, a
 * Creative-style base). Recorded facts it reproduces:
 * - An unknown member still gets an answer, with nothing: `[]` in vRP 1 (after printing `error: proxy call
 *   vRP:<member> not found`), `table.pack()` = `{ n: 0 }` in vRP 2, `[]` silently in the Creative base.
 * - vRP 1: `getUserId(src)` nothing until the player is loaded; `giveMoney` / `giveBankMoney` add any amount > 0
 *   (fractions too) and ignore 0, negatives and unknown users, answering nothing; `getMoney` / `getBankMoney` 0 for
 *   unknown users; `getItemDefinition(item)` (name, description, weight) or nothing; `getItemWeight` 0 for an unknown
 *   item; `giveInventoryItem` adds any item, known or not, any amount > 0 (0 and negatives ignored), with no weight
 *   check;
 *   `getInventoryItemAmount`, `getInventoryWeight`, `getInventoryMaxWeight`; `getLastLogin` answers later.
 * - Creative: `Passport(src)` the passport or false; `GiveBank(passport, n)` and `GenerateItem(passport, item, n)`
 *   take the whole part of n, ignore n < 1 and unknown passports, answer nothing; `GiveBank` waits for the database
 *   first when it is slow (the balance moves only with the late answer); `GenerateItem` adds any item, known or not,
 *   with no weight check, onto its slot or the first free slot of 6..GetWeight, and drops it silently when none is
 *   free; `GetBank(source)`, `ItemAmount(passport, item)`, `InventoryWeight`, `GetWeight` (0 for a passport not
 *   online), `Inventory(passport)` (slot → { item, amount }; `[]` when empty), `ChestWeight(data)` (weight × amount of
 *   listed items only: NaN for a weightless one at an infinite amount); no `CheckWeight`.
 * - vRP 2: `loadScript("vote-reward", "lua/vrp2")` runs vote-reward's script once (vRP's module cache answers later
 *   calls) and answers `"vote_reward_vrp2"`; until then nobody answers `vote_reward_vrp2:proxy`; after it,
 *   `isReady(source)` is true only for a user whose character is loaded (a player on the loading screen has no vRP 2
 *   user: false; an unknown source: false), and false while the user's character is still loading (`loading`:
 *   cid set, `loading_character` true, scenario character-loading). A file that does not exist raises (no answer).
 * - Both Proxies raise (no answer; vRP prints `bad argument #1 to 'for iterator' (table expected, got number)`) on a
 *   request whose args are not a table when the member exists, before running it; a missing member still answers `[]`.
 * Guesses (no transcript covers them): `CheckWeight` for Creative bases that have it (`checkWeight`); the Creative
 * `table.pack` rets some forks send; `giveBankMoney` of a negative amount; which vRP 1 members other than `giveMoney`
 * raise on a current FXServer (`giveInventoryItem` is assumed to, like every client update); `ItemAmount` of a
 * passport that is not online answering 0; what vRP 2's loadScript answers for other files (the fake raises, as for a
 * missing file).
 */
import { LuaError, luaValues, valuesOf } from './lua';

/** vRP flavours. */
export type VrpVariant = 'vrp1' | 'vrp2' | 'creative';

/** A vRP item definition (vRP 1 cfg/items.lua: name, description, weight in kg). */
export interface VrpItemDef {
  /** Display name. */
  name: string;
  /** Description. */
  description?: string;
  /** kg per unit. */
  weight: number;
}

/** A vRP user. */
export interface VrpUser {
  /** user_id (Creative: passport). */
  id: number;
  /** Source while connected and loaded. */
  source?: number;
  /** Wallet. */
  wallet: number;
  /** Bank. */
  bank: number;
  /** Item → amount. */
  items: Record<string, number>;
  /** Extra weight carried (kg) besides the items (a unit-test lever). */
  ballast: number;
  /** Creative: item → inventory slot. */
  slots: Record<string, number>;
  /** vRP 2: the character in use (its id), absent before one is chosen. */
  character?: number;
  /** vRP 2: the character is still loading (User:isReady() false). */
  loading?: boolean;
}

/** How a member answered: values now, values later (it waited on the database), or a Lua error (no answer). */
export type VrpAnswer =
  | { kind: 'now'; values: unknown[] }
  | { kind: 'later'; values: unknown[]; apply?: () => void }
  | { kind: 'raised'; message: string };

/** Options of the model. */
export interface VrpModelOptions {
  /** vRP 1 / vRPex, vRP 2 or a Creative base. */
  variant: VrpVariant;
  /** Items vRP defines. */
  items: Record<string, VrpItemDef>;
  /** getInventoryMaxWeight (kg). */
  maxWeight: number;
  /** vRP 1.0 on a current FXServer: members that update a client raise after changing the state. */
  clientUpdatesRaise?: boolean;
  /** Creative: the base has `CheckWeight` (the recorded base does not; default false). */
  checkWeight?: boolean;
  /** Creative: free slots of every inventory (default GetWeight - 5: slots 6..GetWeight); GenerateItem drops what finds none. */
  slots?: number;
  /** Creative: database queries wait this long (GiveBank answers, and credits, only then). */
  dbDelayMs?: number;
  /** Receives what vRP prints. */
  print?: (line: string) => void;
  /** vRP 2: the resource whose `lua/vrp2.lua` is vote-reward's script (default `vote-reward`). */
  voteReward?: string;
  /** Called before a paying member changes a balance or an inventory (the simulated server records a payout). */
  onPay?: (user: VrpUser, kind: 'money' | 'bank' | 'item', name: string, amount: number) => void;
}

/** What vRP prints when a request carries no argument table: its own `table.maxn` iterates it (vRP 1, Creative). */
const PROXY_ARGS_ERROR = (variant: VrpVariant, args: unknown) =>
  `${variant === 'creative' ? '@vrp/lib/Utils.lua:44' : '@vrp/lib/utils.lua:10'}: bad argument #1 to 'for iterator' (table expected, got ${args === undefined || args === null ? 'nil' : typeof args})`;

/** The vRP model. */
export type VrpModel = ReturnType<typeof createVrpModel>;

/** Creates the model. */
export function createVrpModel(options: VrpModelOptions) {
  const users = new Map<number, VrpUser>();
  const items = options.items;
  const byId = (id: unknown) => users.get(Number(id));
  const bySource = (src: unknown) =>
    [...users.values()].find((u) => u.source !== undefined && u.source === src);
  const itemWeight = (name: string) => items[name]?.weight ?? 0;
  const weightOf = (user: VrpUser) =>
    Object.entries(user.items).reduce((sum, [name, n]) => sum + itemWeight(name) * n, user.ballast);
  const pay = (user: VrpUser, kind: 'money' | 'bank' | 'item', name: string, amount: number) =>
    options.onPay?.(user, kind, name, amount);
  const clientUpdate = () => {
    if (options.clientUpdatesRaise)
      throw new LuaError(
        `[string "vrp/lib/Tunnel.lua"]:107: attempt to call a nil value (upvalue 'TriggerRemoteEvent')`,
      );
  };
  const addItem = (user: VrpUser, name: string, amount: number) => {
    pay(user, 'item', name, amount);
    user.items[name] = (user.items[name] ?? 0) + amount;
  };

  type Member = (...args: unknown[]) => unknown;
  const LATER = Symbol('later');
  const later = (value: unknown, apply?: () => void) => ({ [LATER]: true, value, apply });

  const vrp1: Record<string, Member> = {
    getUserId: (src) => bySource(src)?.id,
    getUserSource: (id) => byId(id)?.source,
    getMoney: (id) => byId(id)?.wallet ?? 0,
    getBankMoney: (id) => byId(id)?.bank ?? 0,
    giveMoney: (id, amount) => {
      const user = byId(id);
      if (typeof amount !== 'number' || !(amount > 0) || !user) return undefined;
      pay(user, 'money', 'wallet', amount);
      user.wallet += amount;
      clientUpdate();
      return undefined;
    },
    giveBankMoney: (id, amount) => {
      const user = byId(id);
      if (typeof amount !== 'number' || !(amount > 0) || !user) return undefined;
      pay(user, 'bank', 'bank', amount);
      user.bank += amount;
      return undefined;
    },
    getItemDefinition: (item) => {
      const def = items[String(item)];
      return def ? luaValues(def.name, def.description ?? '', def.weight) : undefined;
    },
    getItemWeight: (item) => itemWeight(String(item)),
    getInventoryWeight: (id) => {
      const user = byId(id);
      return user ? weightOf(user) : 0;
    },
    getInventoryMaxWeight: () => options.maxWeight,
    getInventoryItemAmount: (id, item) => byId(id)?.items[String(item)] ?? 0,
    giveInventoryItem: (id, item, amount) => {
      const user = byId(id);
      if (!user || typeof amount !== 'number' || !(amount > 0)) return undefined;
      addItem(user, String(item), amount);
      clientUpdate();
      return undefined;
    },
    getLastLogin: (id) => later(byId(id) ? '' : undefined),
  };

  /** Creative `parseInt`: whole part of a number, 0 for anything else. */
  const wholePart = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
  /** Creative inventories use slots 6 .. GetWeight (slots 1-5 are the hotbar). */
  const lastSlot = () => 5 + (options.slots ?? options.maxWeight - 5);
  const creative: Record<string, Member> = {
    Passport: (src) => bySource(src)?.id ?? false,
    GiveBank: (id, amount) => {
      const user = byId(wholePart(id));
      const n = wholePart(amount);
      if (!(n > 0)) return undefined;
      const apply = () => {
        if (!user) return;
        pay(user, 'bank', 'bank', n);
        user.bank += n;
      };
      // The database write (vRP.Query) comes first: when it waits, so do the balance and the answer.
      if (options.dbDelayMs) return later(undefined, apply);
      apply();
      return undefined;
    },
    GetBank: (src) => bySource(src)?.bank ?? 0,
    GenerateItem: (id, item, amount) => {
      const user = byId(wholePart(id));
      const n = wholePart(amount);
      if (!user || !(n > 0)) return undefined;
      const name = String(item);
      if (!(name in user.slots)) {
        const used = new Set(Object.values(user.slots));
        let free: number | undefined;
        for (let slot = 6; slot <= lastSlot() && free === undefined; slot++) if (!used.has(slot)) free = slot;
        if (free === undefined) return undefined;
        user.slots[name] = free;
      }
      addItem(user, name, n);
      return undefined;
    },
    ItemAmount: (id, item) => {
      const user = byId(id);
      return user && user.source !== undefined ? (user.items[String(item)] ?? 0) : 0;
    },
    InventoryWeight: (id) => {
      const user = byId(id);
      return user ? weightOf(user) : 0;
    },
    GetWeight: (id) => (byId(wholePart(id))?.source !== undefined ? options.maxWeight : 0),
    Inventory: (id) => {
      const user = byId(wholePart(id));
      const slots = Object.entries(user?.slots ?? {}).map(
        ([name, slot]) => [String(slot), { item: name, amount: user?.items[name] ?? 0 }] as const,
      );
      // An empty Lua table reaches JS as [] (FiveM's empty_table_as_array).
      return slots.length === 0 ? [] : Object.fromEntries(slots);
    },
    ChestWeight: (data) =>
      Object.values((data ?? {}) as Record<string, { item?: unknown; amount?: unknown }>).reduce(
        (sum, entry) =>
          String(entry?.item) in items ? sum + itemWeight(String(entry.item)) * Number(entry.amount) : sum,
        0,
      ),
  };
  if (options.checkWeight) {
    creative.CheckWeight = (id, item, amount) => {
      const user = byId(id);
      return !!user && weightOf(user) + itemWeight(String(item)) * Number(amount ?? 1) <= options.maxWeight;
    };
  }

  /** vRP 2: the interface vote-reward's lua/vrp2.lua adds, present once loadScript ran it. */
  const VOTE_REWARD_INTERFACE = 'vote_reward_vrp2';
  let extensionLoaded = false;
  const vrp2: Record<string, Member> = {
    loadScript: (resource, path) => {
      if (resource !== (options.voteReward ?? 'vote-reward') || path !== 'lua/vrp2')
        throw new LuaError(`resource file ${String(resource)}/${String(path)}.lua not found`);
      extensionLoaded = true;
      return VOTE_REWARD_INTERFACE;
    },
  };
  const voteRewardInterface: Record<string, Member> = {
    isReady: (src) => {
      const user = bySource(Number(src));
      return user !== undefined && user.character !== undefined && user.loading !== true;
    },
  };

  const members: Record<string, Member> =
    options.variant === 'vrp2' ? vrp2 : options.variant === 'creative' ? creative : vrp1;

  return {
    users,
    members,
    /** Interfaces answering `<name>:proxy` besides `vRP`: vRP 2's vote-reward interface once loadScript ran its script. */
    interfaces(): string[] {
      return options.variant === 'vrp2' && extensionLoaded ? [VOTE_REWARD_INTERFACE] : [];
    },
    /**
     * Runs a member as the Proxy does for `<iface>:proxy` (`args` as sent: anything but a table raises before the
     * member runs); undefined when nobody listens on that interface.
     */
    call(member: string, args: unknown, iface = 'vRP'): VrpAnswer {
      const table = iface === 'vRP' ? members : voteRewardInterface;
      const fn = table[member];
      if (!fn) {
        options.print?.(`error: proxy call ${iface}:${member} not found`);
        return { kind: 'now', values: [] };
      }
      if (args === null || typeof args !== 'object') {
        return { kind: 'raised', message: PROXY_ARGS_ERROR(options.variant, args) };
      }
      try {
        const result = fn(...(Array.isArray(args) ? args : []));
        if (result !== null && typeof result === 'object' && LATER in result) {
          const { value, apply } = result as unknown as { value: unknown; apply?: () => void };
          return { kind: 'later', values: value === undefined ? [] : [value], apply };
        }
        return { kind: 'now', values: valuesOf(result) };
      } catch (error) {
        return { kind: 'raised', message: error instanceof Error ? error.message : String(error) };
      }
    },
    /** `rets` as the Proxy sends it: a sequence (vRP 1, Creative) or `table.pack` (vRP 2). */
    rets(
      values: unknown[],
      shape: 'sequence' | 'packed' = options.variant === 'vrp2' ? 'packed' : 'sequence',
    ) {
      return shape === 'packed'
        ? { ...Object.fromEntries(values.map((v, i) => [String(i + 1), v])), n: values.length }
        : values;
    },
    /** A user spawns (vRP assigns the id when the player joins and loads). */
    join(
      source: number,
      id: number,
      init: Partial<Pick<VrpUser, 'wallet' | 'bank' | 'items' | 'character'>> = {},
    ): VrpUser {
      const user: VrpUser = {
        id,
        source,
        wallet: init.wallet ?? 0,
        bank: init.bank ?? 0,
        items: { ...init.items },
        ballast: 0,
        slots: Object.fromEntries(Object.keys(init.items ?? {}).map((name, i) => [name, 6 + i])),
        character: init.character ?? id,
      };
      users.set(id, user);
      return user;
    },
    /** The player left: vRP saves and forgets the user's temporary data. */
    drop(source: number): void {
      for (const [id, user] of users) if (user.source === source) users.delete(id);
    },
    /** The user's carried weight (kg). */
    weight: (user: VrpUser) => weightOf(user),
    /** Users with their balances and inventories: the shape the transcripts record. */
    snapshot(): unknown {
      if (options.variant === 'vrp2') {
        const online = [...users.values()].filter((u) => u.source !== undefined);
        // An empty Lua table reaches JS as [] (FiveM's empty_table_as_array).
        if (online.length === 0) return [];
        return Object.fromEntries(
          online.map((u) => [
            `source ${u.source}`,
            { character: u.character, ready: u.character !== undefined && u.loading !== true, user: u.id },
          ]),
        );
      }
      if (options.variant === 'creative') {
        const online = [...users.values()].filter((u) => u.source !== undefined);
        return {
          'characters.bank': Object.fromEntries([...users.values()].map((u) => [`passport ${u.id}`, u.bank])),
          vrp: Object.fromEntries(
            online.map((u) => [
              `source ${u.source}`,
              {
                bank: u.bank,
                items: { ...u.items },
                maxSlots: options.maxWeight,
                passport: u.id,
                slots: Object.values(u.slots).map(String).sort(),
              },
            ]),
          ),
        };
      }
      return Object.fromEntries(
        [...users.values()].map((u) => [
          `user ${u.id}`,
          {
            bank: u.bank,
            items: { ...u.items },
            maxWeight: options.maxWeight,
            source: u.source,
            wallet: u.wallet,
            weight: weightOf(u),
          },
        ]),
      );
    },
  };
}
