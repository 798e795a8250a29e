import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import msgpack from 'msgpack-lite';
import { type AceStore, createAceStore } from './aces';
import { type ClockMode, createClock, type SimClock } from './clock';
import { splitCommandBuffer, tokenizeCommand } from './console-parser';
import { createResourceContext, type HostBridge, type NodeProfile, type ResourceContext } from './context';
import {
  type HttpRequestData,
  type HttpResponseArgs,
  performNativeRequest,
  validateHttpRequest,
} from './http-native';
import { createResourceKvp, type KvpValue, type ResourceKvp } from './kvp-store';
import {
  constraintProblems,
  type FxGame,
  gameProblems,
  parseManifest,
  type ResourceManifest,
} from './manifest';
import { type RealmEntry, registerRealm } from './rejection-router';

/** The global object of a simulated resource, as seen by a fake resource's setup function. */
// biome-ignore lint/suspicious/noExplicitAny: resource globals are untyped script globals, as in FXServer
export type CfxGlobals = Record<string, any>;

/** A fake resource defined in JS: its setup runs once per start with the resource's own globals. */
export interface FakeResourceDefinition {
  /** 'lua' applies Lua's conventions to refs this resource hands out (multi-returns, nil on error, yields). */
  flavor?: 'js' | 'lua';
  /** Extra manifest metadata (e.g. `{ provide: ['qb-core'] }`). */
  metadata?: Record<string, string[]>;
  /** Called in place of the resource's scripts, with the resource's globals and the simulator's fake API. */
  setup(g: CfxGlobals, api: FakeApi): void;
}

/** One payout recorded by a framework fake. */
export interface PayoutEntry {
  /** Resource that paid (es_extended, qb-core, ...). */
  framework: string;
  /** Player server id. */
  player: number;
  /** money (cash), bank, item, ... */
  kind: string;
  /** Account or item name. */
  name: string;
  /** Amount or item count. */
  amount: number;
  /** Free-form reason passed by the caller, if any. */
  reason?: string | null;
  /** Simulator epoch ms. */
  at?: number;
}

/** What a payout hook may ask for: fail the call, or kill the whole server before/after recording it. */
export type PayoutHookResult = 'fail' | 'kill-before' | 'kill-after' | undefined;

/** A resource's KVP write or delete, as a KVP hook sees it before it reaches the store. */
export interface KvpWrite {
  /** Resource whose KVP is written. */
  resource: string;
  /** Key written or deleted. */
  key: string;
  /** True for a delete. */
  deleted: boolean;
}

/** What a KVP hook may ask for: kill the whole server before the write reaches the store. */
export type KvpHookResult = 'kill-before' | undefined;

/** Services the simulator gives to fake resources. */
export interface FakeApi {
  /** The simulator. */
  server: FxServer;
  /** Records a payout (consulting the payout hook); throws when the hook fails it or kills the server. */
  payout(entry: PayoutEntry): void;
  /** Returns multiple values from a Lua-flavoured function. */
  multi(...values: unknown[]): LuaMulti;
}

/** Marker for Lua multi-returns. */
export interface LuaMulti {
  /** The returned values. */
  values: unknown[];
}

/** Options of createFxServer. */
export interface FxServerOptions {
  /** Folder for persistent state (KVP). */
  dataDir: string;
  /** Node runtime profile of resource contexts. */
  profile?: NodeProfile;
  /** 'virtual' (default) or 'real' time. */
  clock?: ClockMode;
  /** Start epoch of a virtual clock. */
  startTime?: number;
  /** Receives every console line. */
  console?: (line: string) => void;
  /** 'split' (default): ExecuteCommand splits at `;` like the console buffer; 'single': like HEAD's EXECUTE_COMMAND. */
  executeCommandSemicolons?: 'split' | 'single';
  /** Real ms advance() waits for in-flight I/O before moving a virtual clock past it (default 250). */
  ioSettleMs?: number;
  /** The game this server runs (default `gta5`, FiveM; `rdr3` is RedM): a resource's manifest must allow it. */
  game?: FxGame;
  /**
   * The server artifact's build number, which a manifest's `dependency '/server:<build>'` is held against (default
   * 99999, what FXServer registers when its version tag carries no build).
   */
  build?: number;
}

/** A player to connect. */
export interface JoinOptions {
  /** Player name. */
  name: string;
  /** Identifiers such as `license:abc`. */
  identifiers?: string[];
  /** `ip:port` endpoint. */
  endpoint?: string;
}

/** An event sent to a client. */
export interface ClientEvent {
  /** Event name. */
  name: string;
  /** Decoded arguments. */
  args: unknown[];
}

/** A command that ran (after parsing and ACE checks). */
export interface ExecutedCommand {
  /** Source (0 for console/resources). */
  source: number;
  /** Command name. */
  name: string;
  /** Arguments. */
  args: string[];
  /** Raw command string. */
  raw: string;
}

/** The simulated FXServer. */
export interface FxServer {
  /** Registers a resource folder containing an fxmanifest.lua. */
  addResourceFolder(name: string, dir: string): void;
  /** Registers a fake resource. */
  addFakeResource(name: string, definition: FakeResourceDefinition): void;
  /** Starts a resource (and its dependencies); false when it could not start. */
  start(name: string): boolean;
  /** Stops a resource. */
  stop(name: string): boolean;
  /** Stops then starts a resource. */
  restart(name: string): boolean;
  /** GetResourceState from the outside. */
  resourceState(name: string): string;
  /** Connects a player (playerConnecting with deferrals, then playerJoining); resolves to the server id. */
  join(options: JoinOptions): Promise<number>;
  /** Drops a player (playerDropped). */
  drop(id: number, reason?: string, code?: number): void;
  /** A player runs a command (as typed after `/`, or with the slash). */
  command(source: number, line: string): void;
  /** A player types in chat: `/x` runs command x, anything else is a chat message. */
  chat(source: number, text: string): void;
  /** Runs a console line (`;` separates commands). */
  consoleCommand(line: string): void;
  /** Triggers a server event from outside any resource (source ''). */
  emit(name: string, ...args: unknown[]): void;
  /** A client sends a net event to the server. */
  emitNet(name: string, source: number, ...args: unknown[]): void;
  /** Runs one server frame (a virtual clock moves 50 ms first). */
  tick(): void;
  /** Moves time forward by ms, one 50 ms frame at a time, letting real I/O progress. */
  advance(ms: number): Promise<void>;
  /** Advances until predicate is true; throws after timeoutMs of server time. */
  until(predicate: () => boolean, options?: { timeoutMs?: number }): Promise<void>;
  /** Hard kill: all memory discarded, nothing flushed, in-flight HTTP lost. */
  kill(): void;
  /** Graceful stop of every resource. */
  shutdown(): Promise<void>;
  /** true after kill()/shutdown(). */
  readonly dead: boolean;
  /** Console lines so far. */
  readonly consoleLines: string[];
  /** Events sent to a player. */
  clientEvents(playerId: number): ClientEvent[];
  /** Commands that ran. */
  readonly executedCommands: ExecutedCommand[];
  /** Payouts recorded by framework fakes. */
  readonly ledger: PayoutEntry[];
  /** Called before each payout is recorded. */
  payoutHook: ((entry: PayoutEntry) => PayoutHookResult) | null;
  /** Called before each KVP write or delete of a resource (kill-at-every-step tests). */
  kvpHook: ((write: KvpWrite) => KvpHookResult) | null;
  /** Sets a convar. */
  setConvar(name: string, value: string): void;
  /** add_ace. */
  addAce(principal: string, object: string, allow?: boolean): void;
  /** add_principal. */
  addPrincipal(child: string, parent: string): void;
  /** Current player ids. */
  players(): number[];
  /** Simulator clock epoch ms. */
  now(): number;
  /** Reads a resource's KVP value (as the resource would see it). */
  kvp(resource: string, key: string): KvpValue | null;
  /** The clock. */
  readonly clock: SimClock;
}

interface ResourceDef {
  name: string;
  dir: string;
  manifest: ResourceManifest;
  fake: FakeResourceDefinition | null;
}

interface Running {
  def: ResourceDef;
  instanceId: number;
  ctx: ResourceContext | null;
  realm: RealmEntry | null;
  state: 'starting' | 'started' | 'stopping';
}

interface PlayerRecord {
  id: number;
  name: string;
  identifiers: string[];
  endpoint: string;
}

interface QueuedEvent {
  target: string | null;
  name: string;
  payload: Uint8Array;
  source: string;
}

interface CommandEntry {
  resource: string;
  ref: string;
  restricted: boolean;
}

const FRAME_MS = 50;
const LUA_MULTI = Symbol.for('fxserver.lua.multi');
const plainCodec = msgpack.createCodec({ uint8array: true, preset: false, binarraybuffer: true });
const unpack = (b: Uint8Array): unknown => msgpack.decode(b, { codec: plainCodec });
/** Owner name of function references the server itself hands out (setKickReason, deferrals). */
const HOST_REF_OWNER = '__fxserver';

class HostFuncRef {
  constructor(readonly ref: string) {}
}
plainCodec.addExtPacker(10, HostFuncRef, (f: HostFuncRef) => Buffer.from(f.ref, 'latin1'));

/** A connection refused during playerConnecting (setKickReason + CancelEvent, or deferrals.done(reason)). */
export class JoinRefusedError extends Error {
  /** Creates the error with the kick reason. */
  constructor(readonly reason: string) {
    super(`connection refused: ${reason}`);
    this.name = 'JoinRefusedError';
  }
}

/** Creates a simulated FXServer. */
export function createFxServer(options: FxServerOptions): FxServer {
  if (!options || typeof options.dataDir !== 'string' || options.dataDir === '') {
    throw new TypeError('createFxServer: dataDir must be a non-empty folder path');
  }
  const profile: NodeProfile = options.profile ?? 'node22';
  if (profile !== 'node22' && profile !== 'node16')
    throw new TypeError(`createFxServer: profile must be node22 or node16, got ${String(profile)}`);
  const clock = createClock(options.clock ?? 'virtual', options.startTime);
  const dataDir = path.resolve(options.dataDir);
  const splitExecute = (options.executeCommandSemicolons ?? 'split') === 'split';
  const ioSettleMs = options.ioSettleMs ?? 250;
  fs.mkdirSync(dataDir, { recursive: true });

  const defs = new Map<string, ResourceDef>();
  const running = new Map<string, Running>();
  const startOrder: string[] = [];
  const kvps = new Map<string, ResourceKvp>();
  const convars = new Map<string, string>();
  const aces: AceStore = createAceStore();
  const players = new Map<number, PlayerRecord>();
  const clientEventLog = new Map<number, ClientEvent[]>();
  const commands = new Map<string, CommandEntry>();
  const queue: QueuedEvent[] = [];
  const consoleLines: string[] = [];
  const executedCommands: ExecutedCommand[] = [];
  const ledger: PayoutEntry[] = [];
  const httpAborts = new Set<() => void>();
  const pendingIo = new Map<
    number,
    { label: string; waited: boolean; settled: Promise<void>; resolve: () => void }
  >();
  const invokerStack: (string | null)[] = [];
  const cancelStack: { canceled: boolean }[] = [];
  const findHandles = new Map<number, { keys: string[]; pos: number }>();
  let ioCounter = 0;
  let instanceCounter = 0;
  let nextPlayerId = 1;
  let nextTempId = 65536;
  let httpToken = 0;
  let findHandle = 0;
  let dead = false;
  let realInterval: NodeJS.Timeout | null = null;
  let lastCanceled = false;

  const hostRefs = new Map<number, (...args: unknown[]) => unknown>();
  let hostRefIndex = 0;
  const prepareHost = (v: unknown, depth: number): unknown => {
    if (depth > 100) throw new RangeError('value too deep or cyclic for msgpack');
    if (typeof v === 'function') {
      const idx = hostRefIndex++;
      hostRefs.set(idx, v as (...args: unknown[]) => unknown);
      return new HostFuncRef(`${HOST_REF_OWNER}:0:${idx}`);
    }
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => prepareHost(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = prepareHost((v as Record<string, unknown>)[k], depth + 1);
    return out;
  };
  const pack = (v: unknown): Uint8Array => msgpack.encode(prepareHost(v, 0), { codec: plainCodec });

  // ---------- console ----------
  const writeLine = (channel: string, text: string): void => {
    if (dead) return;
    for (const raw of String(text).split('\n')) {
      const line = `[${channel}] ${raw.replace(/\^\d/g, '')}`;
      consoleLines.push(line);
      options.console?.(line);
    }
  };

  const ioStart = (label: string): (() => void) => {
    const id = ++ioCounter;
    let resolve: () => void = () => {};
    const settled = new Promise<void>((r) => {
      resolve = r;
    });
    pendingIo.set(id, { label, waited: false, settled, resolve });
    return () => {
      const e = pendingIo.get(id);
      pendingIo.delete(id);
      e?.resolve();
    };
  };

  const kvpOf = (resource: string): ResourceKvp => {
    let k = kvps.get(resource);
    if (!k) {
      k = createResourceKvp(dataDir, resource);
      kvps.set(resource, k);
    }
    return k;
  };

  // ---------- events ----------
  const dispatchAll = (
    name: string,
    payload: Uint8Array,
    source: string,
    invoker: string | null,
  ): boolean => {
    const flag = { canceled: false };
    cancelStack.push(flag);
    invokerStack.push(invoker);
    try {
      for (const resName of [...startOrder]) {
        const r = running.get(resName);
        if (!r?.ctx || dead) continue;
        r.ctx.runtime.dispatchEvent(name, payload, source);
      }
    } finally {
      invokerStack.pop();
      cancelStack.pop();
    }
    lastCanceled = flag.canceled;
    return flag.canceled;
  };

  const dispatchTo = (resName: string, name: string, payload: Uint8Array, source: string): void => {
    const r = running.get(resName);
    if (!r?.ctx || dead) return;
    invokerStack.push(null);
    try {
      r.ctx.runtime.dispatchEvent(name, payload, source);
    } finally {
      invokerStack.pop();
    }
  };

  const recordClientEvent = (target: number, name: string, payload: Uint8Array): void => {
    if (!players.has(target)) return;
    const list = clientEventLog.get(target) ?? [];
    list.push({ name, args: unpack(payload) as unknown[] });
    clientEventLog.set(target, list);
  };

  // ---------- refs ----------
  const parseRef = (ref: string): { owner: Running; idx: number } | null => {
    const m = /^(.*):(\d+):(\d+)$/.exec(ref);
    if (!m) return null;
    const owner = running.get(m[1] as string);
    if (!owner?.ctx || owner.instanceId !== Number(m[2])) return null;
    return { owner, idx: Number(m[3]) };
  };

  const invokeRef = (invoker: string | null, ref: string, args: Uint8Array): Uint8Array | null => {
    if (dead) return null;
    if (ref.startsWith(`${HOST_REF_OWNER}:`)) {
      const fn = hostRefs.get(Number(ref.split(':')[2]));
      if (!fn) return null;
      try {
        return pack([fn(...(unpack(args) as unknown[]))]);
      } catch {
        return pack(null);
      }
    }
    const target = parseRef(ref);
    if (!target?.owner.ctx) return null;
    invokerStack.push(invoker);
    try {
      return target.owner.ctx.runtime.callRef(target.idx, args);
    } finally {
      invokerStack.pop();
    }
  };

  // ---------- players ----------
  const playerOf = (id: unknown): PlayerRecord | undefined => {
    if (id === null || id === undefined) return undefined;
    const n = Number(id);
    return Number.isInteger(n) ? players.get(n) : undefined;
  };
  const principalsOf = (id: number): string[] => {
    const p = players.get(id);
    return [`player.${id}`, ...(p?.identifiers ?? []).map((i) => `identifier.${i}`)];
  };

  // ---------- commands ----------
  const builtins: Record<string, (args: string[], source: number) => void> = {
    add_ace: (a) => aces.addAce(a[0] ?? '', a[1] ?? '', (a[2] ?? 'allow') !== 'deny'),
    remove_ace: (a) => aces.removeAce(a[0] ?? '', a[1] ?? '', (a[2] ?? 'allow') !== 'deny'),
    add_principal: (a) => aces.addPrincipal(a[0] ?? '', a[1] ?? ''),
    remove_principal: (a) => aces.removePrincipal(a[0] ?? '', a[1] ?? ''),
    set: (a) => convars.set(a[0] ?? '', a.slice(1).join(' ')),
    setr: (a) => convars.set(a[0] ?? '', a.slice(1).join(' ')),
    sets: (a) => convars.set(a[0] ?? '', a.slice(1).join(' ')),
    start: (a) => void server.start(a[0] ?? ''),
    ensure: (a) => void (running.has(a[0] ?? '') ? server.restart(a[0] ?? '') : server.start(a[0] ?? '')),
    stop: (a) => void server.stop(a[0] ?? ''),
    restart: (a) => void server.restart(a[0] ?? ''),
    say: (a) => writeLine('console', `console: ${a.join(' ')}`),
    quit: (a) => writeLine('server', `quit requested: ${a.join(' ')}`),
  };

  const invokeCommand = (raw: string, principals: string[], sourceId: number, fromPlayer: boolean): void => {
    const tokens = tokenizeCommand(raw);
    if (tokens.length === 0) return;
    const name = (tokens[0] as string).toLowerCase();
    const args = tokens.slice(1);
    const entry = commands.get(name);
    const builtin = builtins[name];
    if (!entry && !builtin) {
      if (fromPlayer) {
        dispatchAll('__cfx_internal:commandFallback', pack([raw]), `internal-net:${sourceId}`, null);
      } else writeLine('cmd', `No such command ${tokens[0]}.`);
      return;
    }
    if (!aces.allowed(principals, `command.${name}`)) {
      writeLine('cmd', `Access denied for command ${tokens[0]}.`);
      return;
    }
    executedCommands.push({ source: sourceId, name, args, raw });
    if (entry) {
      const out = invokeRef(null, entry.ref, pack([sourceId, args, raw]));
      if (out === null) writeLine('cmd', `Command ${name} failed: its resource is gone.`);
    } else builtin?.(args, sourceId);
  };

  // ---------- natives ----------
  const makeNatives = (res: ResourceDef, self: () => Running | undefined): HostBridge['natives'] => {
    const kvp = (): ResourceKvp => kvpOf(res.name);
    const needKey = (k: unknown, fn: string): string => {
      if (typeof k !== 'string')
        throw new Error(`${fn}: argument 0 (key) must be a string, got ${k === null ? 'null' : typeof k}`);
      return k;
    };
    /** Consults the KVP hook; a kill throws into the writer, like a payout hook's kill. */
    const hookKvp = (key: string, deleted: boolean): void => {
      if (server.kvpHook?.({ resource: res.name, key, deleted }) !== 'kill-before') return;
      server.kill();
      throw new Error(`server killed before the KVP ${deleted ? 'delete' : 'write'} of ${key} (test hook)`);
    };
    const setKvp = (k: unknown, v: KvpValue, sync: boolean, fn: string): void => {
      const key = needKey(k, fn);
      if (dead) return;
      hookKvp(key, false);
      kvp().set(key, v, sync);
    };
    const delKvp = (k: unknown, sync: boolean): void => {
      if (dead) return;
      const key = needKey(k, 'DeleteResourceKvp');
      hookKvp(key, true);
      kvp().delete(key, sync);
    };
    const resolveInside = (resourceName: unknown, file: unknown): string | null => {
      if (typeof resourceName !== 'string' || typeof file !== 'string') return null;
      const d = defs.get(resourceName);
      if (!d || file.length === 0 || path.isAbsolute(file) || file.split(/[\\/]/).includes('..')) return null;
      const full = path.resolve(d.dir, file);
      return full.startsWith(path.resolve(d.dir) + path.sep) ? full : null;
    };
    // biome-ignore lint/suspicious/noExplicitAny: a table of natives with unrelated signatures, called by name from the resource
    const natives: Record<string, (...args: any[]) => unknown> = {
      GetCurrentResourceName: () => res.name,
      GetInvokingResource: () => invokerStack[invokerStack.length - 1] ?? null,
      GetResourceState: (name: string | null) => server.resourceState(name ?? ''),
      // Asks for the named resource's next tick to run soon (oxmysql calls it before each query); the simulator ticks
      // every resource each frame anyway, so there is nothing more to schedule.
      ScheduleResourceTick: (_name: string | null) => undefined,
      GetResourcePath: (name: string | null) =>
        name && defs.has(name) ? (defs.get(name) as ResourceDef).dir : null,
      GetNumResources: () => defs.size,
      GetResourceByFindIndex: (i: number) => [...defs.keys()][i] ?? null,
      GetNumResourceMetadata: (name: string | null, key: string | null) =>
        (name && key && defs.get(name)?.manifest.metadata.get(key)?.length) || 0,
      GetResourceMetadata: (name: string | null, key: string | null, i: number) =>
        (name && key && defs.get(name)?.manifest.metadata.get(key)?.[i]) ?? null,
      LoadResourceFile: (name: string | null, file: string | null) => {
        const full = resolveInside(name, file);
        if (!full || !fs.existsSync(full) || !fs.statSync(full).isFile()) return null;
        return fs.readFileSync(full, 'utf8');
      },
      SaveResourceFile: (name: string | null, file: string | null, data: string | null, len: number) => {
        if (name !== res.name || dead) return false;
        const full = resolveInside(name, file);
        if (!full) return false;
        const text = data ?? '';
        const bytes = Buffer.from(text, 'utf8');
        const n = typeof len === 'number' && len > 0 ? Math.min(len, bytes.length) : bytes.length;
        fs.mkdirSync(path.dirname(full), { recursive: true });
        fs.writeFileSync(full, bytes.subarray(0, n));
        return true;
      },
      StartResource: (name: string | null) => server.start(name ?? ''),
      StopResource: (name: string | null) => server.stop(name ?? ''),
      GetGameTimer: () => clock.gameTimer(),
      GetConvar: (k: string | null, d: string | null) =>
        k !== null && convars.has(k) ? (convars.get(k) as string) : d,
      GetConvarInt: (k: string | null, d: number) => {
        const v = k === null ? undefined : convars.get(k);
        const n = v === undefined ? Number.NaN : Number.parseInt(v, 10);
        return Number.isNaN(n) ? d : n;
      },
      GetConvarFloat: (k: string | null, d: number) => {
        const v = k === null ? undefined : convars.get(k);
        const n = v === undefined ? Number.NaN : Number.parseFloat(v);
        return Number.isNaN(n) ? d : n;
      },
      GetConvarBool: (k: string | null, d: boolean) => {
        const v = k === null ? undefined : convars.get(k);
        return v === undefined ? d : v === 'true' || v === '1';
      },
      SetConvar: (k: string | null, v: string | null) => {
        if (k !== null) convars.set(k, v ?? '');
      },
      GetNumPlayerIndices: () => players.size,
      GetPlayerFromIndex: (i: number) => {
        const p = [...players.values()][i];
        return p ? String(p.id) : null;
      },
      GetPlayerName: (p: string | null) => playerOf(p)?.name ?? null,
      GetPlayerEndpoint: (p: string | null) => playerOf(p)?.endpoint ?? null,
      GetPlayerPing: (p: string | null) => (playerOf(p) ? 30 : 0),
      GetPlayerGuid: (p: string | null) => {
        const pl = playerOf(p);
        return pl ? String(1000000 + pl.id) : null;
      },
      DoesPlayerExist: (p: string | null) => playerOf(p) !== undefined,
      GetNumPlayerIdentifiers: (p: string | null) => playerOf(p)?.identifiers.length ?? 0,
      GetPlayerIdentifier: (p: string | null, i: number) => playerOf(p)?.identifiers[i] ?? null,
      GetPlayerIdentifierByType: (p: string | null, type: string | null) => {
        if (type === null) throw new Error('Argument at index 1 was null.');
        return playerOf(p)?.identifiers.find((id) => id.startsWith(type)) ?? null;
      },
      GetNumPlayerTokens: () => 0,
      GetPlayerToken: () => null,
      DropPlayer: (p: string | null, reason: string | null) => {
        const pl = playerOf(p);
        if (pl) dropPlayer(pl.id, reason ?? '', res.name, 1);
      },
      IsPlayerAceAllowed: (p: string | null, object: string | null) => {
        const pl = playerOf(p);
        return pl !== undefined && object !== null && aces.allowed(principalsOf(pl.id), object);
      },
      IsPrincipalAceAllowed: (principal: string | null, object: string | null) =>
        principal !== null && object !== null && aces.allowed([principal], object),
      IsAceAllowed: (object: string | null) =>
        object !== null && aces.allowed([`resource.${res.name}`], object),
      ExecuteCommand: (cmd: string | null) => {
        if (cmd === null) throw new Error('Argument at index 0 was null.');
        const parts = splitExecute ? splitCommandBuffer(cmd) : [cmd];
        for (const part of parts) invokeCommand(part, [`resource.${res.name}`], 0, false);
      },
      RegisterCommand: (name: string | null, ref: string | null, restricted: boolean) => {
        if (name === null || ref === null) throw new Error('RegisterCommand: name and handler are required');
        const key = name.toLowerCase();
        const existing = commands.get(key);
        if (existing || builtins[key]) {
          if (existing) existing.ref = ref;
          return;
        }
        commands.set(key, { resource: res.name, ref, restricted });
        aces.addAce(`resource.${res.name}`, `command.${key}`, true);
        if (!restricted) aces.addAce('builtin.everyone', `command.${key}`, true);
      },
      GetRegisteredCommands: () =>
        pack([...commands].map(([name, c]) => ({ name, resource: c.resource, arity: -1 }))),
      CancelEvent: () => {
        const top = cancelStack[cancelStack.length - 1];
        if (top) top.canceled = true;
      },
      WasEventCanceled: () => lastCanceled,
      RegisterResourceAsEventHandler: () => undefined,
      SetResourceKvp: (k: unknown, v: string | null) =>
        setKvp(k, { t: 's', v: v ?? '' }, true, 'SetResourceKvp'),
      SetResourceKvpNoSync: (k: unknown, v: string | null) =>
        setKvp(k, { t: 's', v: v ?? '' }, false, 'SetResourceKvpNoSync'),
      SetResourceKvpInt: (k: unknown, v: number) =>
        setKvp(k, { t: 'i', v: Math.trunc(Number(v)) | 0 }, true, 'SetResourceKvpInt'),
      SetResourceKvpIntNoSync: (k: unknown, v: number) =>
        setKvp(k, { t: 'i', v: Math.trunc(Number(v)) | 0 }, false, 'SetResourceKvpIntNoSync'),
      SetResourceKvpFloat: (k: unknown, v: number) =>
        setKvp(k, { t: 'f', v: Math.fround(Number(v)) }, true, 'SetResourceKvpFloat'),
      SetResourceKvpFloatNoSync: (k: unknown, v: number) =>
        setKvp(k, { t: 'f', v: Math.fround(Number(v)) }, false, 'SetResourceKvpFloatNoSync'),
      GetResourceKvpString: (k: string | null) => {
        const v = k === null ? null : kvp().get(k);
        return v && v.t === 's' ? v.v : null;
      },
      GetResourceKvpInt: (k: string | null) => {
        const v = k === null ? null : kvp().get(k);
        return v && v.t === 'i' ? v.v : 0;
      },
      GetResourceKvpFloat: (k: string | null) => {
        const v = k === null ? null : kvp().get(k);
        return v && v.t === 'f' ? v.v : 0;
      },
      DeleteResourceKvp: (k: unknown) => delKvp(k, true),
      DeleteResourceKvpNoSync: (k: unknown) => delKvp(k, false),
      FlushResourceKvp: () => {
        if (!dead) kvp().flush();
      },
      StartFindKvp: (prefix: string | null) => {
        const keys = kvp().keys(prefix ?? '');
        if (keys.length === 0) return -1;
        const h = findHandle++;
        findHandles.set(h, { keys, pos: 0 });
        return h;
      },
      FindKvp: (h: number) => {
        const it = findHandles.get(h);
        if (!it || it.pos >= it.keys.length) return null;
        return it.keys[it.pos++] ?? null;
      },
      EndFindKvp: (h: number) => {
        findHandles.delete(h);
      },
      PerformHttpRequestInternalEx: (packed: Uint8Array) => {
        let req: HttpRequestData;
        try {
          req = unpack(packed) as HttpRequestData;
        } catch {
          return -1;
        }
        if (!req || typeof req !== 'object' || validateHttpRequest(req) !== null) return -1;
        return startHttp(res.name, req);
      },
      PerformHttpRequestInternal: (json: string | null) => {
        let req: HttpRequestData;
        try {
          req = JSON.parse(json ?? '') as HttpRequestData;
        } catch {
          return -1;
        }
        if (!req || typeof req !== 'object' || validateHttpRequest(req) !== null) return -1;
        return startHttp(res.name, { ...req, followLocation: req.followLocation ?? true });
      },
    };
    void self;
    return natives as HostBridge['natives'];
  };

  const startHttp = (resourceName: string, req: HttpRequestData): number => {
    const token = httpToken++;
    let abort: () => void = () => {};
    abort = performNativeRequest(token, req, {
      clock,
      ioStart,
      onDone: (args: HttpResponseArgs) => {
        httpAborts.delete(abort);
        if (dead) return;
        queue.push({
          target: resourceName,
          name: '__cfx_internal:httpResponse',
          payload: pack(args),
          source: '',
        });
      },
    });
    httpAborts.add(abort);
    return token;
  };

  // ---------- resources ----------
  const globScripts = (dir: string, pattern: string): string[] => {
    if (!pattern.includes('*')) return [pattern];
    const folder = path.posix.dirname(pattern);
    const re = new RegExp(
      `^${path.posix
        .basename(pattern)
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    );
    const abs = path.join(dir, folder);
    if (!fs.existsSync(abs)) return [];
    return fs
      .readdirSync(abs)
      .filter((f) => re.test(f))
      .sort()
      .map((f) => (folder === '.' ? f : `${folder}/${f}`));
  };

  const createRunning = (def: ResourceDef): Running => {
    const instanceId = ++instanceCounter;
    const record: Running = { def, instanceId, ctx: null, realm: null, state: 'starting' };
    const bridge: HostBridge = {
      resourceName: def.name,
      instanceId,
      flavor: def.fake?.flavor ?? 'js',
      natives: makeNatives(def, () => running.get(def.name)),
      print: (text, level) => writeLine(`script:${def.name}`, level === 'error' ? `^1${text}^7` : text),
      triggerEvent: (name, payload) => {
        if (!dead) dispatchAll(name, payload, '', def.name);
      },
      triggerClientEvent: (name, target, payload) => {
        if (dead || target === null) return;
        if (target === '-1') for (const id of players.keys()) recordClientEvent(id, name, payload);
        else recordClientEvent(Number(target), name, payload);
      },
      invokeRef: (ref, args) => invokeRef(def.name, ref, args),
      duplicateRef: (ref) => {
        const t = parseRef(ref);
        t?.owner.ctx?.runtime.duplicateRef(t.idx);
      },
      deleteRef: (ref) => {
        const t = parseRef(ref);
        t?.owner.ctx?.runtime.deleteRef(t.idx);
      },
      getTickCount: () => clock.gameTimer(),
    };
    const ctx = createResourceContext({
      profile,
      clock,
      resourcePath: def.dir,
      bridge,
      ioStart,
      isDead: () => dead,
    });
    record.ctx = ctx;
    record.realm = registerRealm(ctx.realm, (reason) => {
      const e = reason instanceof ctx.realm.Error || reason instanceof Error ? (reason as Error) : null;
      bridge.print(
        `SCRIPT ERROR in promise (unhandled rejection): ${e ? (e.stack ?? String(e)) : util.inspect(reason)}`,
        'error',
      );
    });
    return record;
  };

  const destroyRunning = (r: Running): void => {
    r.realm?.unregister();
    r.ctx = null;
  };

  const stopInternal = (name: string, graceful: boolean): boolean => {
    const r = running.get(name);
    if (!r) return false;
    r.state = 'stopping';
    if (graceful) dispatchAll('onResourceStop', pack([name]), '', null);
    for (const [cmd, entry] of [...commands]) {
      if (entry.resource === name) {
        commands.delete(cmd);
        aces.removeAce(`resource.${name}`, `command.${cmd}`, true);
        aces.removeAce('builtin.everyone', `command.${cmd}`, true);
      }
    }
    destroyRunning(r);
    running.delete(name);
    startOrder.splice(startOrder.indexOf(name), 1);
    if (graceful) {
      writeLine('resources', `Stopping resource ${name}`);
      queue.push({ target: null, name: 'onServerResourceStop', payload: pack([name]), source: '' });
    }
    return true;
  };

  const dropPlayer = (id: number, reason: string, resourceName: string, code: number): void => {
    if (!players.has(id)) return;
    dispatchAll('playerDropped', pack([reason, resourceName, code]), `internal-net:${id}`, null);
    players.delete(id);
  };

  const frame = (): void => {
    if (dead) return;
    const events = queue.splice(0, queue.length);
    for (const ev of events) {
      if (dead) return;
      if (ev.target === null) dispatchAll(ev.name, ev.payload, ev.source, null);
      else dispatchTo(ev.target, ev.name, ev.payload, ev.source);
    }
    const t = clock.gameTimer();
    for (const name of [...startOrder]) {
      if (dead) return;
      running.get(name)?.ctx?.runtime.onTick(t);
    }
  };

  const settleIo = async (): Promise<void> => {
    await new Promise<void>((r) => setImmediate(r));
    // A killed process waits for nothing: what it had in flight died with it.
    if (dead) return;
    const fresh = [...pendingIo.values()].filter((p) => !p.waited);
    if (fresh.length === 0) return;
    for (const p of fresh) p.waited = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(fresh.map((p) => p.settled)),
      new Promise<void>((r) => {
        timer = setTimeout(r, ioSettleMs);
      }),
    ]);
    clearTimeout(timer);
    await new Promise<void>((r) => setImmediate(r));
  };

  const server: FxServer = {
    clock,
    consoleLines,
    executedCommands,
    ledger,
    payoutHook: null,
    kvpHook: null,
    get dead() {
      return dead;
    },
    addResourceFolder(name, dir) {
      const manifestPath = path.join(dir, 'fxmanifest.lua');
      if (!fs.existsSync(manifestPath))
        throw new Error(`addResourceFolder(${name}): no fxmanifest.lua in ${dir}`);
      defs.set(name, {
        name,
        dir: path.resolve(dir),
        manifest: parseManifest(fs.readFileSync(manifestPath, 'utf8')),
        fake: null,
      });
    },
    addFakeResource(name, definition) {
      if (!definition || typeof definition.setup !== 'function')
        throw new TypeError(`addFakeResource(${name}): definition.setup must be a function`);
      const metadata = new Map(Object.entries(definition.metadata ?? {}));
      const dir = path.join(dataDir, 'fake-resources', name);
      fs.mkdirSync(dir, { recursive: true });
      defs.set(name, {
        name,
        dir,
        manifest: { serverScripts: [], metadata, serverOnly: true, nodeVersion: null, dependencies: [] },
        fake: definition,
      });
    },
    start(name) {
      if (dead) return false;
      const def = defs.get(name);
      if (!def) {
        writeLine('resources', `Couldn't find resource ${name}.`);
        return false;
      }
      if (running.has(name)) return true;
      if (!def.fake) {
        const refused = gameProblems(name, def.manifest, options.game ?? 'gta5');
        if (refused.length > 0) {
          for (const line of refused) writeLine('resources', line);
          writeLine('resources', `Couldn't start resource ${name}.`);
          return false;
        }
        // FXServer checks constraint dependencies (`/server:<build>`) before starting anything, lists every one
        // that fails under "Resource '<name>' can't run:", then refuses the start.
        const unmet = constraintProblems(def.manifest, options.build ?? 99_999);
        if (unmet.length > 0) {
          writeLine('resources', `Resource '${name}' can't run:`);
          for (const [i, line] of unmet.entries())
            writeLine('resources', `${String(i + 1).padStart(3)}. ${line}`);
          writeLine('resources', `Couldn't start resource ${name}.`);
          return false;
        }
      }
      for (const dep of def.manifest.dependencies) {
        if (dep.startsWith('/')) continue;
        if (!running.has(dep) && !server.start(dep)) {
          writeLine('resources', `Couldn't start resource ${name}: dependency ${dep} could not be started.`);
          return false;
        }
      }
      if (dispatchAll('onResourceStarting', pack([name]), '', null)) {
        writeLine('resources', `Couldn't start resource ${name}: start was canceled.`);
        return false;
      }
      const r = createRunning(def);
      running.set(name, r);
      startOrder.push(name);
      const ctx = r.ctx as ResourceContext;
      if (def.fake) {
        try {
          def.fake.setup(ctx.context as CfxGlobals, {
            server,
            multi: (...values) => ({ [LUA_MULTI]: true, values }) as LuaMulti,
            payout(entry) {
              const full = { ...entry, framework: entry.framework || name, at: clock.now() };
              const decision = server.payoutHook?.(full);
              if (decision === 'fail')
                throw new Error(`payout of ${full.amount} ${full.name} to ${full.player} failed (test hook)`);
              if (decision === 'kill-before') {
                server.kill();
                throw new Error('server killed before the payout (test hook)');
              }
              ledger.push(full);
              if (decision === 'kill-after') {
                server.kill();
                throw new Error('server killed after the payout (test hook)');
              }
            },
          });
        } catch (e) {
          writeLine(`script:${name}`, `SCRIPT ERROR: ${(e as Error).stack ?? String(e)}`);
        }
      } else {
        for (const pattern of def.manifest.serverScripts) {
          for (const file of globScripts(def.dir, pattern)) {
            if (!file.endsWith('.js')) {
              writeLine('resources', `${name}: skipping ${file} (the simulator runs JavaScript only)`);
              continue;
            }
            const full = path.join(def.dir, file);
            if (!fs.existsSync(full)) {
              writeLine(`script:${name}`, `Could not open resource file ${file}`);
              continue;
            }
            try {
              ctx.runScript(fs.readFileSync(full, 'utf8'), `@${name}/${file}`);
            } catch (e) {
              writeLine(`script:${name}`, `SCRIPT ERROR: ${(e as Error).stack ?? String(e)}`);
              writeLine(`script:${name}`, `Failed to load script ${file}.`);
            }
          }
        }
      }
      if (dead) return false;
      r.state = 'started';
      writeLine('resources', `Started resource ${name}`);
      dispatchAll('onResourceStart', pack([name]), '', null);
      queue.push({ target: null, name: 'onServerResourceStart', payload: pack([name]), source: '' });
      return true;
    },
    stop(name) {
      if (dead) return false;
      return stopInternal(name, true);
    },
    restart(name) {
      if (dead) return false;
      if (running.has(name)) stopInternal(name, true);
      return server.start(name);
    },
    resourceState(name) {
      const r = running.get(name);
      if (r) return r.state;
      return defs.has(name) ? 'stopped' : 'missing';
    },
    async join(opts) {
      if (dead) throw new Error('join: the server is not running');
      if (!opts || typeof opts.name !== 'string') throw new TypeError('join: name must be a string');
      const identifiers = [...(opts.identifiers ?? [])];
      const endpoint = opts.endpoint ?? `127.0.0.1:${30000 + nextPlayerId}`;
      const ip = endpoint.replace(/:\d+$/, '');
      if (!identifiers.some((i) => i.startsWith('ip:'))) identifiers.push(`ip:${ip}`);
      const tempId = nextTempId++;
      const temp: PlayerRecord = { id: tempId, name: opts.name, identifiers, endpoint };
      let kickReason: string | null = null;
      let deferred = false;
      let deferDone: ((reason?: string) => void) | null = null;
      const deferWait = new Promise<string | undefined>((resolve) => {
        deferDone = resolve;
      });
      const deferrals = {
        defer: () => {
          deferred = true;
        },
        update: () => undefined,
        presentCard: () => undefined,
        handover: () => undefined,
        done: (reason?: string) =>
          deferDone?.(reason === undefined || reason === null ? undefined : String(reason)),
      };
      players.set(tempId, temp);
      let canceled: boolean;
      try {
        canceled = dispatchAll(
          'playerConnecting',
          pack([
            opts.name,
            (r: string) => {
              kickReason = String(r);
            },
            deferrals,
          ]),
          `internal-net:${tempId}`,
          null,
        );
      } finally {
        players.delete(tempId);
      }
      if (canceled) throw new JoinRefusedError(kickReason ?? 'Connection was canceled.');
      if (deferred) {
        const reason = await deferWait;
        if (reason !== undefined) throw new JoinRefusedError(reason);
      }
      if (dead) throw new Error('join: the server died while connecting');
      const id = nextPlayerId++;
      players.set(id, { id, name: opts.name, identifiers, endpoint });
      dispatchAll('playerJoining', pack([String(tempId)]), `internal-net:${id}`, null);
      return id;
    },
    drop(id, reason = 'Exiting', code = 2) {
      if (dead) return;
      if (!players.has(id)) throw new Error(`drop: no player ${id}`);
      dropPlayer(id, reason, '', code);
    },
    command(source, line) {
      if (dead) return;
      if (!players.has(source)) throw new Error(`command: no player ${source}`);
      invokeCommand(line.replace(/^\//, ''), principalsOf(source), source, true);
    },
    chat(source, text) {
      if (dead) return;
      if (!players.has(source)) throw new Error(`chat: no player ${source}`);
      if (text.startsWith('/')) server.command(source, text.slice(1));
      else
        dispatchAll(
          '_chat:messageEntered',
          pack([players.get(source)?.name, [255, 255, 255], text]),
          `net:${source}`,
          null,
        );
    },
    consoleCommand(line) {
      if (dead) return;
      for (const part of splitCommandBuffer(line)) invokeCommand(part, ['system.console'], 0, false);
    },
    emit(name, ...args) {
      if (!dead) dispatchAll(name, pack(args), '', null);
    },
    emitNet(name, source, ...args) {
      if (dead) return;
      if (!players.has(source)) throw new Error(`emitNet: no player ${source}`);
      dispatchAll(name, pack(args), `net:${source}`, null);
    },
    tick() {
      if (dead) return;
      clock.advance(FRAME_MS);
      frame();
    },
    async advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`advance(ms) needs ms >= 0, got ${ms}`);
      if (clock.mode === 'real') {
        await new Promise((r) => setTimeout(r, ms));
        return;
      }
      let left = ms;
      while (left > 0 && !dead) {
        await settleIo();
        const step = Math.min(FRAME_MS, left);
        clock.advance(step);
        frame();
        left -= step;
      }
      await settleIo();
    },
    async until(predicate, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? 10_000;
      const deadline = clock.now() + timeoutMs;
      while (!predicate()) {
        if (dead) throw new Error('until: the server is dead');
        if (clock.now() >= deadline) {
          throw new Error(
            `until: condition not met within ${timeoutMs} ms\nlast console lines:\n${consoleLines.slice(-15).join('\n')}`,
          );
        }
        if (clock.mode === 'real') await new Promise((r) => setTimeout(r, 10));
        else await server.advance(FRAME_MS);
      }
    },
    kill() {
      if (dead) return;
      dead = true;
      if (realInterval) clearInterval(realInterval);
      for (const abort of [...httpAborts]) abort();
      httpAborts.clear();
      // Nothing of this process is awaited any more (a fetch in flight at the kill would otherwise hold the caller's
      // last settle for its whole real-time limit).
      for (const io of pendingIo.values()) io.resolve();
      pendingIo.clear();
      for (const r of running.values()) destroyRunning(r);
      running.clear();
      startOrder.length = 0;
      queue.length = 0;
      kvps.clear();
      clock.dispose();
    },
    async shutdown() {
      if (dead) return;
      for (const name of [...startOrder].reverse()) stopInternal(name, true);
      frame();
      server.kill();
    },
    clientEvents(playerId) {
      return clientEventLog.get(playerId) ?? [];
    },
    setConvar(name, value) {
      convars.set(name, String(value));
    },
    addAce(principal, object, allow = true) {
      aces.addAce(principal, object, allow);
    },
    addPrincipal(child, parent) {
      aces.addPrincipal(child, parent);
    },
    players: () => [...players.keys()],
    now: () => clock.now(),
    kvp: (resource, key) => kvpOf(resource).get(key),
  };

  if (clock.mode === 'real') {
    realInterval = setInterval(() => frame(), FRAME_MS);
  }
  return server;
}
