/**
 * A simulated FXServer for real framework Lua: one wasmoon Lua 5.4 state per resource, FiveM's boundary rules
 * between them (tagged-JSON copies with msgpack's table rules, function references, multiple returns, nil on error,
 * dead references after a stop), events, a virtual-clock scheduler, the natives the payout paths use, a MySQL
 * router, and the JS side our resource sees (`exportsOf`, a `FrameworkHost`). Every JS→Lua call is recorded.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type LuaEngine, LuaFactory } from 'wasmoon';
import { createLog } from '../../src/runtime/runtime';
import { joaat, rewriteCfxLua } from './cfxlua';
import { type JsHostApi, type JsResource, startJsResource } from './js-resource';
import { type Manifest, readManifest, serverScripts } from './manifest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type LuaFn = (...args: unknown[]) => unknown;

/** A connected player. */
export interface SimPlayer {
  source: number;
  name: string;
  identifiers: string[];
}

/** Routes one oxmysql call (method `query`, `single`, `scalar`, `insert`, `update`, `prepare`, ...) to a result. */
export type MysqlRouter = (method: string, query: string, params: unknown) => unknown;

/** One call our JS side made across the boundary, as recorded. */
export interface RecordedCall {
  /** Resource that owns the called function. */
  resource: string;
  /** `exports.<res>.<fn>` or a path from the value that held the function, e.g. `getSharedObject().GetPlayerFromId`. */
  path: string;
  args: unknown[];
  /** What JS received (undefined = nothing). */
  returned?: unknown;
  /** Set when the call threw in JS. */
  raised?: { message: string; lua: string[] };
  /** True when the Lua function waited and JS received a Promise. */
  async?: boolean;
}

/** Options of `createServer`. */
export interface ServerOptions {
  convars?: Record<string, string>;
  mysql?: MysqlRouter;
  /** Receives every console line (prints and SCRIPT ERRORs), prefixed with the resource name. */
  onConsole?: (line: string) => void;
  /** Natives left undefined in Lua, as on the older FXServer a framework was written for. */
  hiddenNatives?: string[];
  /**
   * Natives of OPT_IN_NATIVES to define in Lua. They are opt-in because one more global in every Lua state changes
   * the iteration order of some framework tables, and with it the transcripts already recorded.
   */
  extraNatives?: string[];
  /** Globals added to a JS resource's scope (e.g. the stand-in DB driver ox_core's build imports), by resource. */
  jsGlobals?: Record<string, Record<string, unknown>>;
}

/** Implemented natives a world must ask for (ServerOptions.extraNatives). */
const OPT_IN_NATIVES = new Set(['GetPlayerEP']);

interface Resource {
  name: string;
  dir: string;
  manifest: Manifest;
  state: 'stopped' | 'started';
  instance: number;
  engine?: LuaEngine;
  invoke?: LuaFn;
  event?: LuaFn;
  tick?: LuaFn;
  pending?: LuaFn;
  run?: LuaFn;
  evaluate?: LuaFn;
  listens: Set<string>;
  virtualFiles: Record<string, string>;
}

interface AsyncSlot {
  state: 'pending' | 'resolved' | 'rejected';
  value?: string;
  waiters: Array<() => void>;
}

const PRELUDE = readFileSync(new URL('./prelude.lua', import.meta.url), 'utf8');
const CITIZEN_NATIVES: string[] = (() => {
  try {
    const dts = readFileSync(
      new URL('../../node_modules/@citizenfx/server/natives_server.d.ts', import.meta.url),
      'utf8',
    );
    return [...dts.matchAll(/declare function ([A-Z][A-Za-z0-9]+)\(/g)].map((m) => m[1] as string);
  } catch {
    return [];
  }
})();

/** Lua-only natives and natives missing from @citizenfx/server's typings that frameworks call at load. */
const LUA_ONLY_NATIVES = [
  'SetMapName',
  'SetGameType',
  'GetPlayers',
  'GetPlayerIdentifiers',
  'StartResource',
  'StopResource',
  'GetResourceKvpInt',
  'SetRoutingBucketPopulationEnabled',
  'SetRoutingBucketEntityLockdownMode',
  'SetPlayerRoutingBucket',
  'GetPlayerRoutingBucket',
  'ExecuteCommand',
  'RegisterCommand',
  'PerformHttpRequest',
  'GetHashKey',
  'GetGameTimer',
];

/** Lua value (tagged JSON, see prelude.lua) → JS value; functions become callables labelled by their path. */
function fromTagged(value: unknown, call: (ref: string, label: string) => LuaFn, label: string): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((v, i) => fromTagged(v, call, `${label}[${i}]`));
  if (typeof value !== 'object') return value;
  const tagged = value as Record<string, unknown>;
  if ('$f' in tagged) {
    const f = tagged.$f;
    return f === 'nan' ? Number.NaN : f === 'inf' ? Infinity : f === '-inf' ? -Infinity : Number(f);
  }
  if ('$r' in tagged) return call(String(tagged.$r), label);
  if ('$m' in tagged) {
    const pairs = tagged.$m as unknown[];
    const out: Record<string, unknown> = {};
    for (let i = 0; i < pairs.length; i += 2) {
      const key = String(fromTagged(pairs[i], call, label));
      out[key] = fromTagged(pairs[i + 1], call, `${label}.${key}`);
    }
    return out;
  }
  return value;
}

/** Creates an empty simulated server. */
export async function createServer(options: ServerOptions = {}) {
  // A fresh wasm module per server and a fixed clock while each Lua state is created: Lua 5.4 seeds its string
  // hashes from the time and heap addresses, and `pairs` order (hence the transcripts) depends on that seed.
  const factory = new LuaFactory();
  const resources = new Map<string, Resource>();
  const exportsTable = new Map<string, Map<string, string>>();
  const jsRefs = new Map<number, LuaFn>();
  const jsListeners = new Map<string, Set<(...args: unknown[]) => void>>();
  // JS resources (a built bundle run by js-resource.ts) and their event listeners, which also get the source.
  const jsResources = new Map<string, JsResource>();
  const jsSourced = new Map<string, Set<(source: string, args: unknown[]) => void>>();
  const asyncSlots = new Map<number, AsyncSlot>();
  const stateBags = new Map<string, Map<string, string>>();
  const kvp = new Map<string, string>();
  const players = new Map<number, SimPlayer>();
  // FXServer's own convars on a OneSync server (frameworks refuse to start without OneSync), then the world's.
  const convars = new Map(
    Object.entries({ onesync: 'on', onesync_enableInfinity: '1', sv_maxclients: '48', ...options.convars }),
  );
  const clientEvents: Array<{ event: string; args: unknown[] }> = [];
  const unknownNatives = new Map<string, number>();
  const consoleLines: string[] = [];
  const recorded: RecordedCall[] = [];
  const invokeStack: string[] = [];
  let nextJsRef = 0;
  let nextAsync = 0;
  let now = 0;

  const log = (line: string) => {
    consoleLines.push(line);
    options.onConsole?.(line);
  };

  const toTagged = (value: unknown, depth = 0, forLua = false): Json => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'number')
      return Number.isFinite(value)
        ? value
        : { $f: Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf' };
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'function') {
      nextJsRef += 1;
      jsRefs.set(nextJsRef, value as LuaFn);
      return { $r: `js:0:${nextJsRef}` };
    }
    if (depth >= 16) return null;
    if (Array.isArray(value)) return value.map((v) => toTagged(v, depth + 1, forLua));
    if (typeof value === 'object') {
      const marker = (value as { __cfx_functionReference?: unknown }).__cfx_functionReference;
      if (typeof marker === 'string') return { $r: marker };
      const pairs: Json[] = [];
      // msgpack carries a nil-valued key, which a Lua table cannot hold: for Lua the key is simply absent.
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        if (!forLua || (v !== undefined && v !== null)) pairs.push(k, toTagged(v, depth + 1, forLua));
      return Object.keys(value).length === 0 ? [] : { $m: pairs };
    }
    return null;
  };
  const encodeArgs = (args: readonly unknown[], forLua = false) =>
    JSON.stringify(args.map((a) => toTagged(a, 0, forLua)));

  const resourceOfRef = (ref: string) => {
    const [name, instance, id] = ref.split(':');
    return { name: name as string, instance: Number(instance), id: Number(id) };
  };

  /** Calls a reference with tagged args; returns the tagged result text, or undefined when it raised/was dead. */
  const invokeRef = (ref: string, argsText: string, forLua = false): string | undefined => {
    const { name, instance, id } = resourceOfRef(ref);
    if (name === 'js') {
      const fn = jsRefs.get(id);
      if (!fn) return undefined;
      try {
        const args = (JSON.parse(argsText) as unknown[]).map((a) => fromTagged(a, jsCallable, 'arg'));
        const result = fn(...args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          const slotId = newAsync();
          (result as Promise<unknown>).then(
            (v) => settleAsync(slotId, 'resolved', encodeArgs(v === undefined ? [] : [v], forLua)),
            (e) => settleAsync(slotId, 'rejected', String(e)),
          );
          return `{"$a":${slotId}}`;
        }
        return encodeArgs(result === undefined ? [] : [result], forLua);
      } catch (error) {
        log(`SCRIPT ERROR (js): ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }
    const resource = resources.get(name);
    if (resource?.state !== 'started' || resource.instance !== instance || !resource.invoke) {
      log(
        `SCRIPT ERROR: a function reference into ${name} was called, but that instance of ${name} is no longer running`,
      );
      return undefined;
    }
    invokeStack.push(name);
    try {
      const out = resource.invoke(id, argsText);
      return typeof out === 'string' ? out : undefined;
    } finally {
      invokeStack.pop();
    }
  };

  const newAsync = () => {
    nextAsync += 1;
    asyncSlots.set(nextAsync, { state: 'pending', waiters: [] });
    return nextAsync;
  };
  const settleAsync = (id: number, state: 'resolved' | 'rejected', value: string) => {
    const slot = asyncSlots.get(id);
    if (slot?.state !== 'pending') return;
    slot.state = state;
    slot.value = value;
    for (const w of slot.waiters) w();
  };

  const consoleSince = (mark: number) => consoleLines.slice(mark).filter((l) => l.includes('SCRIPT ERROR'));

  /** Decodes a tagged result list the way FiveM's JS runtime hands it over: 0 → undefined, 1 → value, n → array. */
  const jsResult = (text: string, label: string, resourceName: string): unknown => {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && '$a' in parsed) {
      const slot = asyncSlots.get(Number((parsed as { $a: number }).$a)) as AsyncSlot;
      return new Promise((resolve, reject) => {
        const done = () =>
          slot.state === 'resolved'
            ? resolve(jsResult(slot.value as string, label, resourceName))
            : reject(
                new Error(
                  `An error occurred while calling ${label} of resource ${resourceName} - see above for details`,
                ),
              );
        if (slot.state === 'pending') slot.waiters.push(done);
        else done();
      });
    }
    // FiveM packs the results as the table `{ f(...) }`: trailing nils vanish, a nil before a value makes a map.
    const values = [...(parsed as unknown[])];
    while (values.length > 0 && values[values.length - 1] === null) values.pop();
    const list = values.map((v, i) =>
      fromTagged(v, jsCallable, values.length > 1 ? `${label}[${i}]` : label),
    );
    if (list.length === 0) return undefined;
    if (list.includes(null)) {
      const map: Record<string, unknown> = {};
      list.forEach((v, i) => {
        if (v !== null) map[String(i + 1)] = v;
      });
      return map;
    }
    if (list.length === 1) return list[0];
    return list;
  };

  /**
   * Calls the Lua function `ref` with `entry.args`, recording `entry` with what it returned (`label` names the call in
   * conversion errors) or, when Lua raised, with the console lines it printed; then throws `raised` as JS sees it.
   */
  const callRecorded = (ref: string, entry: RecordedCall, label: string, raised: string): unknown => {
    const mark = consoleLines.length;
    recorded.push(entry);
    const out = invokeRef(ref, encodeArgs(entry.args));
    if (out === undefined) {
      entry.raised = { message: raised, lua: consoleSince(mark) };
      throw new Error(raised);
    }
    const value = jsResult(out, `${label}(${entry.args.map(argLabel).join(', ')})`, entry.resource);
    if (value instanceof Promise) entry.async = true;
    entry.returned = value;
    return value;
  };

  /** A JS callable for a Lua function reference; every call is recorded. */
  const jsCallable = (ref: string, label: string): LuaFn => {
    const owner = resourceOfRef(ref).name;
    const fn = (...args: unknown[]) =>
      callRecorded(ref, { resource: owner, path: label, args }, label, 'Error in nested ref call.');
    Object.defineProperty(fn, 'name', { value: label });
    return fn;
  };
  const argLabel = (a: unknown) =>
    typeof a === 'string' ? `'${a}'` : typeof a === 'number' ? String(a) : typeof a;

  /** `exports.<resource>` as a JS resource sees it. */
  const exportsOf = (resourceName: string): Record<string, LuaFn> =>
    new Proxy({} as Record<string, LuaFn>, {
      get(_, name) {
        if (typeof name !== 'string') return undefined;
        const ref = exportsTable.get(resourceName)?.get(name);
        if (ref === undefined) throw new Error(`No such export ${name} in resource ${resourceName}`);
        return (...args: unknown[]) =>
          callRecorded(
            ref,
            { resource: resourceName, path: `exports.${resourceName}.${name}`, args },
            name,
            `An error occurred while calling export ${name} of resource ${resourceName} - see above for details`,
          );
      },
    });

  const dispatch = (event: string, argsText: string, eventSource: string) => {
    for (const resource of resources.values()) {
      if (resource.state === 'started' && resource.listens.has(event) && resource.event) {
        resource.event(event, argsText, eventSource);
      }
    }
    const listeners = jsListeners.get(event);
    if (listeners) {
      const args = (JSON.parse(argsText) as unknown[]).map((a) => fromTagged(a, jsCallable, event));
      for (const listener of [...listeners]) listener(...args);
    }
    const sourced = jsSourced.get(event);
    if (sourced) {
      for (const listener of [...sourced]) {
        // Each JS resource gets its own copy, as FiveM unpacks the event's msgpack once per runtime.
        const args = (JSON.parse(argsText) as unknown[]).map((a) => fromTagged(a, jsCallable, event));
        listener(eventSource, args);
      }
    }
  };

  // State bag change handlers (AddStateBagChangeHandler), called in registration order after every set, from any
  // resource, with (bagName, key, value, 0, true); their calls are not recorded (they are not our resource's calls).
  const bagHandlers = new Map<
    number,
    { resource: Resource; instance: number; key?: Json; bag?: Json; ref: string }
  >();
  let nextBagHandler = 0;
  const addBagHandler = (self: Resource, [key, bag, handler]: Json[]) => {
    const ref = handler && typeof handler === 'object' && '$r' in handler ? String(handler.$r) : undefined;
    if (ref === undefined) return undefined;
    nextBagHandler += 1;
    bagHandlers.set(nextBagHandler, { resource: self, instance: self.instance, key, bag, ref });
    return encodeArgs([nextBagHandler]);
  };
  const announceStateChange = (bagName: string, key: string, valueText: string) => {
    const value = (JSON.parse(valueText) as Json[])[0] ?? null;
    for (const h of [...bagHandlers.values()]) {
      if (h.resource.state !== 'started' || h.resource.instance !== h.instance) continue;
      if (h.key != null && h.key !== '' && h.key !== key) continue;
      if (h.bag != null && h.bag !== '' && h.bag !== bagName) continue;
      invokeRef(h.ref, JSON.stringify([bagName, key, value, 0, true]));
    }
  };

  const findResource = (name: unknown) => resources.get(String(name));
  const player = (src: unknown) => players.get(Number(src));

  /** Natives implemented here (Lua receives their return value; several values as an array are unpacked). */
  // biome-ignore lint/suspicious/noExplicitAny: natives take whatever Lua passed and convert what they read.
  const natives: Record<string, (self: Resource, ...args: any[]) => unknown> = {
    GetCurrentResourceName: (self) => self.name,
    GetInvokingResource: (self) => {
      const callers = invokeStack.filter((n) => n !== self.name);
      return callers.length > 0 ? callers[callers.length - 1] : undefined;
    },
    GetResourceState: (_, name) => findResource(name)?.state ?? 'missing',
    GetResourcePath: (_, name) => `/resources/${name}`,
    GetResourceMetadata: (_, name, key, index) => findResource(name)?.manifest[key]?.[Number(index ?? 0)],
    GetNumResourceMetadata: (_, name, key) => findResource(name)?.manifest[key]?.length ?? 0,
    GetNumResources: () => resources.size,
    GetResourceByFindIndex: (_, i) => [...resources.keys()][Number(i)],
    LoadResourceFile: (_, name, path) => {
      const resource = findResource(name);
      if (!resource) return undefined;
      const virtual = resource.virtualFiles[String(path)];
      if (virtual !== undefined) return virtual;
      const file = join(resource.dir, String(path));
      return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
    },
    SaveResourceFile: () => true,
    GetConvar: (_, name, fallback) => convars.get(String(name)) ?? fallback,
    GetConvarInt: (_, name, fallback) =>
      convars.has(String(name)) ? Number.parseInt(convars.get(String(name)) as string, 10) : fallback,
    GetConvarFloat: (_, name, fallback) =>
      convars.has(String(name)) ? Number(convars.get(String(name))) : fallback,
    GetConvarBool: (_, name, fallback) =>
      convars.has(String(name)) ? convars.get(String(name)) === 'true' : fallback,
    SetConvar: (_, name, value) => void convars.set(String(name), String(value)),
    SetConvarReplicated: (_, name, value) => void convars.set(String(name), String(value)),
    SetConvarServerInfo: (_, name, value) => void convars.set(String(name), String(value)),
    GetGameTimer: () => now,
    GetHashKey: (_, s) => joaat(String(s)),
    IsDuplicityVersion: () => true,
    GetGameName: () => 'fivem',
    GetPlayers: () => [...players.keys()].map(String),
    GetNumPlayerIndices: () => players.size,
    GetPlayerFromIndex: (_, i) => String([...players.keys()][Number(i)]),
    DoesPlayerExist: (_, src) => players.has(Number(src)),
    GetPlayerFromStateBagName: (_, bagName) => Number(/^player:(\d+)$/.exec(String(bagName))?.[1] ?? 0),
    RemoveStateBagChangeHandler: (_, id) => void bagHandlers.delete(Number(id)),
    GetPlayerName: (_, src) => player(src)?.name,
    GetPlayerIdentifiers: (_, src) => player(src)?.identifiers ?? [],
    GetNumPlayerIdentifiers: (_, src) => player(src)?.identifiers.length ?? 0,
    GetPlayerIdentifier: (_, src, i) => player(src)?.identifiers[Number(i)],
    // FiveM matches the type as a prefix of each identifier (so 'license' also matches 'license2:').
    GetPlayerIdentifierByType: (_, src, type) =>
      player(src)?.identifiers.find((id) => id.startsWith(String(type))),
    GetPlayerTokens: () => [],
    GetNumPlayerTokens: () => 0,
    GetPlayerEndpoint: (_, src) => (player(src) ? '127.0.0.1' : undefined),
    // scheduler.lua's server alias of GetPlayerEndpoint (vRP 1 calls it).
    GetPlayerEP: (_, src) => (player(src) ? '127.0.0.1' : undefined),
    GetPlayerPing: (_, src) => (player(src) ? 30 : 0),
    GetPlayerLastMsg: () => 0,
    GetPlayerGuid: (_, src) => (player(src) ? `guid-${src}` : undefined),
    GetPlayerPed: () => 0,
    GetEntityCoords: () => ({ $m: ['x', { $f: 0 }, 'y', { $f: 0 }, 'z', { $f: 0 }] }),
    DoesEntityExist: () => false,
    IsPlayerAceAllowed: () => false,
    IsPrincipalAceAllowed: () => false,
    DropPlayer: (_, src) => void players.delete(Number(src)),
    ExecuteCommand: () => undefined,
    RegisterCommand: () => undefined,
    PerformHttpRequest: () => undefined,
    GetResourceKvpString: (self, key) => kvp.get(`${self.name}:${key}`),
    GetResourceKvpInt: (self, key) => Number(kvp.get(`${self.name}:${key}`) ?? 0),
    GetResourceKvpFloat: (self, key) => Number(kvp.get(`${self.name}:${key}`) ?? 0),
    SetResourceKvp: (self, key, value) => void kvp.set(`${self.name}:${key}`, String(value)),
    SetResourceKvpInt: (self, key, value) => void kvp.set(`${self.name}:${key}`, String(value)),
    SetResourceKvpFloat: (self, key, value) => void kvp.set(`${self.name}:${key}`, String(value)),
    SetResourceKvpNoSync: (self, key, value) => void kvp.set(`${self.name}:${key}`, String(value)),
    SetResourceKvpIntNoSync: (self, key, value) => void kvp.set(`${self.name}:${key}`, String(value)),
    DeleteResourceKvp: (self, key) => void kvp.delete(`${self.name}:${key}`),
  };

  const nativeNames = () => {
    const hidden = new Set(options.hiddenNatives ?? []);
    const extra = new Set(options.extraNatives ?? []);
    return [...new Set([...CITIZEN_NATIVES, ...Object.keys(natives), ...LUA_ONLY_NATIVES])].filter(
      (name) => !hidden.has(name) && (!OPT_IN_NATIVES.has(name) || extra.has(name)),
    );
  };

  /** What a JS resource reaches of this server (js-resource.ts): the same natives, events, exports and state bags. */
  const jsApi: JsHostApi = {
    log,
    now: () => now,
    native(selfName, name, args) {
      const self = resources.get(selfName) as Resource;
      const impl = natives[name];
      if (!impl) {
        unknownNatives.set(name, (unknownNatives.get(name) ?? 0) + 1);
        return undefined;
      }
      const value = impl(self, ...args);
      if (value && typeof value === 'object' && '$m' in (value as object)) {
        const table = fromTagged(value, jsCallable, name) as Record<string, unknown>;
        // A vector native (GetEntityCoords) answers JS an array [x, y, z], where Lua gets a vector3.
        return 'x' in table && 'y' in table && 'z' in table ? [table.x, table.y, table.z] : table;
      }
      return value;
    },
    nativeNames,
    emit: (event, args) => dispatch(event, encodeArgs(args), ''),
    emitNet: (event, target, args) => void clientEvents.push({ event, args: [target, ...args] }),
    listen(event, handler) {
      const set = jsSourced.get(event) ?? new Set();
      jsSourced.set(event, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    registerExport(self, name, fn) {
      nextJsRef += 1;
      jsRefs.set(nextJsRef, fn);
      const table = exportsTable.get(self) ?? new Map<string, string>();
      exportsTable.set(self, table);
      table.set(name, `js:0:${nextJsRef}`);
    },
    callExport(self, resource, name, args) {
      const ref = exportsTable.get(resource)?.get(name);
      if (ref === undefined) throw new Error(`No such export ${name} in resource ${resource}`);
      invokeStack.push(self);
      let out: string | undefined;
      try {
        out = invokeRef(ref, encodeArgs(args));
      } finally {
        invokeStack.pop();
      }
      const raised = `An error occurred while calling export ${name} of resource ${resource} - see above for details`;
      if (out === undefined) throw new Error(raised);
      return jsResult(out, name, resource);
    },
    stateGet(bag, key) {
      const text = stateBags.get(bag)?.get(key);
      return text === undefined
        ? undefined
        : (fromTagged((JSON.parse(text) as Json[])[0] ?? null, jsCallable, key) ?? undefined);
    },
    stateSet(bag, key, value) {
      const text = encodeArgs([value]);
      const map = stateBags.get(bag) ?? new Map<string, string>();
      stateBags.set(bag, map);
      map.set(key, text);
      announceStateChange(bag, key, text);
    },
  };

  const hostFor =
    (self: Resource) =>
    (op: string, a?: unknown, b?: unknown, c?: unknown): unknown => {
      switch (op) {
        case 'resource':
          return self.name;
        case 'instance':
          return String(self.instance);
        case 'now':
          return now;
        case 'log':
          log(`[${self.name}] ${String(a)}${b ? `\n${String(b)}` : ''}`);
          return undefined;
        case 'callref':
          return invokeRef(String(a), String(b), true);
        case 'trigger':
          dispatch(String(a), String(b), '');
          return undefined;
        case 'client_event': {
          const [target, ...args] = (JSON.parse(String(b)) as unknown[]).map((v) =>
            fromTagged(v, jsCallable, 'client'),
          );
          clientEvents.push({ event: String(a), args: [target, ...args] });
          return undefined;
        }
        case 'listen':
          self.listens.add(String(a));
          return undefined;
        case 'netsafe':
          return undefined;
        case 'export': {
          const table = exportsTable.get(self.name) ?? new Map<string, string>();
          exportsTable.set(self.name, table);
          table.set(String(a), String(b));
          return undefined;
        }
        case 'export_ref': {
          const owner = findResource(a);
          if (owner?.state !== 'started') return undefined;
          return exportsTable.get(String(a))?.get(String(b));
        }
        case 'async_new':
          return newAsync();
        case 'async_settle':
          settleAsync(Number(a), b as 'resolved' | 'rejected', String(c));
          return undefined;
        case 'async_state': {
          const slot = asyncSlots.get(Number(a));
          return !slot || slot.state === 'pending' ? 'pending' : `${slot.state}:${slot.value}`;
        }
        case 'native': {
          const name = String(a);
          if (name === 'AddStateBagChangeHandler')
            return addBagHandler(self, JSON.parse(String(b)) as Json[]);
          const impl = natives[name];
          const args = (JSON.parse(String(b)) as unknown[]).map((v) => fromTagged(v, jsCallable, name));
          if (!impl) {
            unknownNatives.set(name, (unknownNatives.get(name) ?? 0) + 1);
            return undefined;
          }
          const value = impl(self, ...args);
          if (value === undefined) return undefined;
          if (value && typeof value === 'object' && '$m' in (value as object)) return JSON.stringify([value]);
          return encodeArgs([value]);
        }
        case 'native_names':
          return JSON.stringify([nativeNames()]);
        case 'state_get': {
          const v = stateBags.get(String(a))?.get(String(b));
          return v === undefined ? '[null]' : v;
        }
        case 'state_set': {
          const bag = stateBags.get(String(a)) ?? new Map<string, string>();
          stateBags.set(String(a), bag);
          bag.set(String(b), String(c));
          announceStateChange(String(a), String(b), String(c));
          return undefined;
        }
        case 'rewrite':
          try {
            return rewriteCfxLua(String(a));
          } catch (error) {
            log(`[${self.name}] rewrite failed: ${(error as Error).message}`);
            return String(a);
          }
        case 'json_encode': {
          const [value] = (JSON.parse(String(a)) as unknown[]).map((v) => plainJson(v));
          return JSON.stringify(value ?? null, null, Number(b) ? 2 : undefined);
        }
        case 'json_decode':
          try {
            return JSON.stringify([jsonToTagged(JSON.parse(String(a)))]);
          } catch {
            return '[null]';
          }
        case 'readdir': {
          const match = /^\/resources\/([^/]+)\/?(.*)$/.exec(String(a));
          const resource = match ? findResource(match[1]) : undefined;
          if (!resource || !match) return '[null]';
          const dir = join(resource.dir, match[2] as string);
          return JSON.stringify([existsSync(dir) ? readdirSync(dir) : null]);
        }
        case 'mysql': {
          const params = fromTagged((JSON.parse(String(c)) as unknown[])[0] ?? null, jsCallable, 'mysql');
          const result = options.mysql ? options.mysql(String(a), String(b), params) : undefined;
          return encodeArgs([result]);
        }
        default:
          throw new Error(`unknown host op ${op}`);
      }
    };

  /** Tagged Lua value → plain JSON (for json.encode): maps become objects, references null. */
  const plainJson = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(plainJson);
    if (v && typeof v === 'object') {
      const t = v as Record<string, unknown>;
      if ('$f' in t) return typeof t.$f === 'number' ? t.$f : null;
      if ('$r' in t) return null;
      const pairs = (t.$m as unknown[]) ?? [];
      const out: Record<string, unknown> = {};
      for (let i = 0; i < pairs.length; i += 2) out[String(plainJson(pairs[i]))] = plainJson(pairs[i + 1]);
      return out;
    }
    return v;
  };
  const jsonToTagged = (v: unknown): Json => {
    if (Array.isArray(v)) return v.map(jsonToTagged);
    if (v && typeof v === 'object') {
      const pairs: Json[] = [];
      for (const [k, item] of Object.entries(v)) pairs.push(k, jsonToTagged(item));
      return { $m: pairs };
    }
    if (typeof v === 'number' && !Number.isInteger(v)) return v;
    return (v ?? null) as Json;
  };

  const server = {
    /**
     * Registers a resource from a folder holding its fxmanifest.lua (not started). `virtualFiles` are answered by
     * LoadResourceFile as if they were in the folder (build outputs that are not in the repository).
     */
    async addResource(name: string, dir: string, virtualFiles: Record<string, string> = {}) {
      // FXServer reads fxmanifest.lua, or the legacy __resource.lua when there is none.
      const manifestFile = existsSync(join(dir, 'fxmanifest.lua')) ? 'fxmanifest.lua' : '__resource.lua';
      const manifest = await readManifest(readFileSync(join(dir, manifestFile), 'utf8'));
      resources.set(name, {
        name,
        dir,
        manifest,
        state: 'stopped',
        instance: 0,
        listens: new Set(),
        virtualFiles,
      });
    },

    /**
     * Registers a started resource with no scripts, only manifest metadata (e.g. `oxmysql`, whose Lua API the
     * harness provides itself as `MySQL`, so frameworks see it as started with a version).
     */
    addStubResource(name: string, manifest: Manifest) {
      resources.set(name, {
        name,
        dir: '/nonexistent',
        manifest,
        state: 'started',
        instance: 1,
        listens: new Set(),
        virtualFiles: {},
      });
    },

    /** Starts a resource: a fresh Lua state, the prelude, then its shared and server scripts in manifest order. */
    async start(name: string) {
      const resource = resources.get(name);
      if (!resource) throw new Error(`no resource ${name}`);
      if (resource.state === 'started') return;
      resource.instance += 1;
      resource.listens = new Set();
      const scripts = serverScripts(resource.manifest, listFiles(resource.dir));
      if (scripts.length > 0 && scripts.every((script) => script.endsWith('.js'))) {
        resource.state = 'started';
        jsResources.set(
          name,
          startJsResource(jsApi, name, resource.dir, scripts, options.jsGlobals?.[name] ?? {}),
        );
        dispatch('onResourceStart', encodeArgs([name]), '');
        dispatch('onServerResourceStart', encodeArgs([name]), '');
        server.settle();
        return;
      }
      const realNow = Date.now;
      Date.now = () => 1_700_000_000_000;
      let engine: LuaEngine;
      try {
        engine = await factory.createEngine({ enableProxy: false, injectObjects: false });
      } finally {
        Date.now = realNow;
      }
      resource.engine = engine;
      engine.global.set('__vr_host', hostFor(resource));
      await engine.doString(PRELUDE);
      resource.invoke = engine.global.get('__vr_invoke') as LuaFn;
      resource.event = engine.global.get('__vr_event') as LuaFn;
      resource.tick = engine.global.get('__vr_tick') as LuaFn;
      resource.pending = engine.global.get('__vr_pending') as LuaFn;
      resource.run = engine.global.get('__vr_run') as LuaFn;
      resource.evaluate = engine.global.get('__vr_eval') as LuaFn;
      resource.state = 'started';
      const files = listFiles(resource.dir);
      for (const script of serverScripts(resource.manifest, files)) {
        let owner = resource;
        let path = script;
        if (script.startsWith('@')) {
          const [other, ...rest] = script.slice(1).split('/');
          if (other === 'oxmysql') continue;
          const found = resources.get(other as string);
          if (!found) throw new Error(`${name} loads ${script}, but ${other} is not installed in this world`);
          owner = found;
          path = rest.join('/');
        }
        // FXServer runs a resource's .js scripts in its JS runtime; the harness runs Lua only (vorp_inventory's Regex.js).
        if (path.endsWith('.js')) {
          log(`[${name}] ${path} not run: JS scripts of a Lua resource are outside the harness`);
          continue;
        }
        const source = readFileSync(join(owner.dir, path), 'utf8');
        const error = resource.run(rewriteCfxLua(source), `@@${owner.name}/${path}`);
        if (typeof error === 'string') log(`[${name}] failed to load ${path}: ${error.split('\n')[0]}`);
      }
      dispatch('onResourceStart', encodeArgs([name]), '');
      server.settle();
      dispatch('onServerResourceStart', encodeArgs([name]), '');
      server.settle();
    },

    /** Stops a resource: its exports and function references die, as in FiveM. */
    stop(name: string) {
      const resource = resources.get(name);
      if (resource?.state !== 'started') return;
      dispatch('onResourceStop', encodeArgs([name]), '');
      resource.state = 'stopped';
      exportsTable.delete(name);
      jsResources.get(name)?.stop();
      jsResources.delete(name);
      resource.engine?.global.close();
      resource.engine = undefined;
      dispatch('onServerResourceStop', encodeArgs([name]), '');
      server.settle();
    },

    /** Runs every thread that is due now, until none is (bounded). */
    settle(maxRounds = 200) {
      for (let round = 0; round < maxRounds; round++) {
        let ran = 0;
        for (const resource of resources.values()) {
          if (resource.state === 'started' && resource.pending && Number(resource.pending()) > 0) {
            resource.tick?.();
            ran += 1;
          }
        }
        if (ran === 0) return;
      }
    },

    /** Moves the virtual clock forward in 50 ms ticks, running due threads. */
    advance(ms: number) {
      const end = now + ms;
      while (now < end) {
        now = Math.min(end, now + 50);
        for (const js of jsResources.values()) js.runDue(now);
        server.settle();
      }
    },

    /**
     * `advance`, letting a JS resource's promises settle between the 50 ms steps (its async work continues on the
     * microtask queue, which a synchronous `advance` never yields to). With no JS resource it is `advance`.
     */
    async pump(ms: number) {
      if (jsResources.size === 0) {
        server.advance(ms);
        return;
      }
      const end = now + ms;
      while (now < end) {
        for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
        server.advance(Math.min(50, end - now));
      }
      for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    },

    /**
     * Connects a player: `playerJoining` (source = the new id). `connecting` runs first, once the player's identifiers
     * answer: the world's `playerConnecting` for frameworks that set players up there (ND_Core).
     */
    connect(p: SimPlayer, connecting?: () => void) {
      players.set(p.source, p);
      connecting?.();
      dispatch('playerJoining', encodeArgs([String(p.source)]), `internal-net:${p.source}`);
      server.settle();
    },

    /** Drops a player: `playerDropped` with the player as source, then forgets the player. */
    drop(src: number, reason = 'Exiting') {
      dispatch('playerDropped', encodeArgs([reason]), `internal-net:${src}`);
      server.settle();
      players.delete(src);
    },

    /** Triggers an event as if a client sent it (`source` = the player). */
    emitNet(event: string, src: number, ...args: unknown[]) {
      dispatch(event, encodeArgs(args), `net:${src}`);
      server.settle();
    },

    /** TriggerEvent from JS (server-side). */
    emit(event: string, ...args: unknown[]) {
      dispatch(event, encodeArgs(args), '');
    },

    /** Listens to a server event from JS; returns an unsubscribe function. */
    on(event: string, handler: (...args: unknown[]) => void) {
      const set = jsListeners.get(event) ?? new Set();
      jsListeners.set(event, set);
      set.add(handler);
      return () => set.delete(handler);
    },

    /** `exports.<resource>` as our JS resource sees it (recorded). */
    exportsOf,

    /**
     * Publishes a JS function as an export of `resource` (a stub resource standing for our JS resource), as FiveM's
     * JS `exports(name, fn)` does: Lua callers get a function reference; a returned Promise reaches them as an async
     * answer that the calling thread waits for.
     */
    exportJs(resource: string, name: string, fn: (...args: never[]) => unknown) {
      nextJsRef += 1;
      jsRefs.set(nextJsRef, fn as LuaFn);
      const table = exportsTable.get(resource) ?? new Map<string, string>();
      exportsTable.set(resource, table);
      table.set(name, `js:0:${nextJsRef}`);
    },

    /** Evaluates Lua in a resource for a state probe (not recorded); several results come back as an array. */
    probe(resourceName: string, code: string): unknown {
      const resource = resources.get(resourceName);
      if (resource?.state !== 'started' || !resource.evaluate)
        throw new Error(`${resourceName} is not started`);
      const text = String(resource.evaluate(code));
      const list = (JSON.parse(text) as unknown[]).map((v) => fromTagged(v, () => () => undefined, 'probe'));
      return list.length <= 1 ? list[0] : list;
    },

    resourceState: (name: string) => resources.get(name)?.state ?? 'missing',

    /** Console lines so far. */
    console: consoleLines,
    /** Calls our JS side made so far. */
    recorded,
    /** Client events sent so far. */
    clientEvents,
    /** Natives called that the harness does not implement, with counts. */
    unknownNatives,
    /** The virtual clock in ms. */
    now: () => now,

    /** A FrameworkHost (src/rewards/types.ts) over this server, for the project's real adapters. */
    frameworkHost() {
      return {
        resourceState: (name: string) => server.resourceState(name),
        exportsOf,
        emit: (event: string, ...args: unknown[]) => server.emit(event, ...args),
        on: (event: string, handler: (...args: unknown[]) => void) => {
          const off = server.on(event, handler);
          return () => void off();
        },
        executeCommand: () => undefined,
        setTimeout: (fn: () => void, ms: number) => {
          const handle = setTimeout(fn, ms);
          return () => clearTimeout(handle);
        },
        log: createLog((_level, line) => log(line)),
      };
    },

    /** Closes every Lua state. */
    close() {
      for (const js of jsResources.values()) js.stop();
      jsResources.clear();
      for (const resource of resources.values()) {
        resource.engine?.global.close();
        resource.engine = undefined;
        resource.state = 'stopped';
      }
    },
  };
  return server;
}

/** A simulated server (see createServer). */
export type SimServer = Awaited<ReturnType<typeof createServer>>;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out;
}
