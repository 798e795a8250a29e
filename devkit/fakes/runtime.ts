import { createLog, type KvpStore, type NativeHttpRequest, type Runtime } from '../../src/runtime/runtime';

/** A manual clock with FiveM-like timers; tests move time with `advance`. */
export interface FakeClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
  /** Moves time forward, running due timers in order and letting promises settle between them. */
  advance(ms: number): Promise<void>;
  /** Lets pending promise chains settle without moving time. */
  settle(): Promise<void>;
  /** Number of timers still scheduled. */
  pending(): number;
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  every: number | null;
}

/** Creates a fake clock starting at `start` (ms since epoch). */
export function createFakeClock(start = Date.parse('2026-11-21T10:00:00.000Z')): FakeClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const schedule = (fn: () => void, ms: number, every: number | null) => {
    const id = nextId++;
    timers.set(id, { id, at: current + Math.max(0, ms), fn, every });
    return () => {
      timers.delete(id);
    };
  };
  return {
    now: () => current,
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    setInterval: (fn, ms) => schedule(fn, ms, Math.max(1, ms)),
    async advance(ms) {
      const end = current + ms;
      await settle();
      for (;;) {
        const due = [...timers.values()]
          .filter((t) => t.at <= end)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        current = Math.max(current, due.at);
        if (due.every === null) timers.delete(due.id);
        else due.at += due.every;
        due.fn();
        await settle();
      }
      current = end;
      await settle();
    },
    settle,
    pending: () => timers.size,
  };
}

/** A player of the fake server. */
export interface FakePlayer {
  name: string;
  license: string | null;
  /** Identifiers besides the license (`steam:…`, `discord:…`, `ip:…`); none when left out. */
  identifiers?: string[];
}

/** Raw answer a fake HTTP native gives: FXServer's `__cfx_internal:httpResponse` arguments. */
export interface NativeAnswer {
  status: number;
  body: string | null;
  headers: Record<string, unknown>;
  errorData: string | null;
}

/** The fake Runtime plus what tests inspect and control. */
export interface FakeRuntime extends Runtime {
  clock: FakeClock;
  kvpData: Map<string, string>;
  /** Copy of the KVP store, to start a "restarted" runtime from. */
  snapshot(): Map<string, string>;
  /** Makes the n-th next KVP write (1 = the very next) throw, as if the server died at that point. */
  crashOnKvpWrite(n: number): void;
  kvpWrites: number;
  onlinePlayers: Map<number, FakePlayer>;
  join(source: number, player: FakePlayer): void;
  drop(source: number): void;
  told: { source: number; message: string }[];
  netEvents: { event: string; target: number; args: unknown[] }[];
  logs: { level: 'info' | 'warn' | 'error'; message: string }[];
  emitted: { event: string; args: unknown[] }[];
  executed: string[];
  /** Every `registerCommand` call's name, in order (a command registered twice shows twice). */
  registrations: string[];
  commands: Map<
    string,
    { handler: (source: number, args: string[], raw: string) => void; restricted: boolean }
  >;
  exportsProvided: Map<string, (...args: never[]) => unknown>;
  /** What `invokingResource()` answers: set it around a call to act as that resource calling an export. */
  invoker: string | null;
  convars: Map<string, string>;
  files: Map<string, string>;
  resourceStates: Map<string, string>;
  /** Handler behind the fake `PerformHttpRequestInternalEx`; answered on a later timer tick. */
  nativeHttp: ((request: NativeHttpRequest) => Promise<NativeAnswer>) | null;
  nativeRequests: NativeHttpRequest[];
  /** Delivers a server event to the handlers registered with `on`. */
  dispatch(event: string, ...args: unknown[]): void;
  /** Delivers a client → server event from player `source` to the handlers registered with `onNet`. */
  dispatchNet(event: string, source: number, ...args: unknown[]): void;
}

/**
 * The fake KVP's map: a Map that also groups its keys by family (the text up to the first `:`), so a prefix scan
 * reads only the keys of the prefix's family, as FXServer's `StartFindKvp` seeks to the prefix in its sorted store.
 * Filtering every key instead made each scan cost the whole store, which no real server pays (a bench of claims with
 * big points ledgers measured the scans of the journal through 200 000 key records). Direct `set`/`delete` by a test
 * keep the groups too.
 */
export class FamilyKeyMap extends Map<string, string> {
  private families = new Map<string, Set<string>>();

  constructor(entries: Iterable<readonly [string, string]> = []) {
    super();
    for (const [key, value] of entries) this.set(key, value);
  }

  private static familyOf(key: string): string {
    const colon = key.indexOf(':');
    return colon === -1 ? key : key.slice(0, colon + 1);
  }

  override set(key: string, value: string): this {
    const family = FamilyKeyMap.familyOf(key);
    let keys = this.families.get(family);
    if (!keys) {
      keys = new Set();
      this.families.set(family, keys);
    }
    keys.add(key);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.families.get(FamilyKeyMap.familyOf(key))?.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.families = new Map();
    super.clear();
  }

  /** The keys starting with `prefix`, sorted. */
  keysFrom(prefix: string): string[] {
    const found: string[] = [];
    for (const [family, keys] of this.families) {
      if (!family.startsWith(prefix) && !prefix.startsWith(family)) continue;
      for (const key of keys) if (key.startsWith(prefix)) found.push(key);
    }
    return found.sort();
  }
}

/** Error thrown by a KVP write chosen with `crashOnKvpWrite`. */
export class SimulatedCrash extends Error {
  override name = 'SimulatedCrash';
}

/** Creates a fake runtime; pass `kvp` (a snapshot) to model a restart of the same server. */
export function createFakeRuntime(
  options: { clock?: FakeClock; kvp?: Map<string, string> } = {},
): FakeRuntime {
  const clock = options.clock ?? createFakeClock();
  const kvpData = new FamilyKeyMap(options.kvp ?? []);
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const netHandlers = new Map<string, Set<(source: number, args: unknown[]) => void>>();
  const joinHandlers = new Set<(source: number) => void>();
  const dropHandlers = new Set<(source: number) => void>();
  let crashAt = 0;
  let nextToken = 1;

  const write = () => {
    runtime.kvpWrites += 1;
    if (crashAt > 0) {
      crashAt -= 1;
      if (crashAt === 0) throw new SimulatedCrash(`simulated crash at KVP write #${runtime.kvpWrites}`);
    }
  };

  const kvp: KvpStore = {
    get: (key) => kvpData.get(key) ?? null,
    set(key, value) {
      write();
      kvpData.set(key, value);
    },
    delete(key) {
      write();
      kvpData.delete(key);
    },
    keys: (prefix) => kvpData.keysFrom(prefix),
  };

  const runtime: FakeRuntime = {
    resourceName: 'vote-reward',
    clock,
    kvpData,
    kvpWrites: 0,
    snapshot: () => new Map(kvpData),
    crashOnKvpWrite(n) {
      crashAt = n;
    },
    onlinePlayers: new Map(),
    join(source, player) {
      runtime.onlinePlayers.set(source, player);
      for (const handler of joinHandlers) handler(source);
    },
    drop(source) {
      runtime.onlinePlayers.delete(source);
      for (const handler of dropHandlers) handler(source);
    },
    told: [],
    netEvents: [],
    logs: [],
    emitted: [],
    executed: [],
    commands: new Map(),
    registrations: [],
    exportsProvided: new Map(),
    invoker: null,
    convars: new Map(),
    files: new Map(),
    resourceStates: new Map(),
    nativeHttp: null,
    nativeRequests: [],
    dispatch(event, ...args) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
    },
    dispatchNet(event, source, ...args) {
      for (const handler of [...(netHandlers.get(event) ?? [])]) handler(source, args);
    },
    now: clock.now,
    loadResourceFile: (path) => runtime.files.get(path) ?? null,
    convar: (name) => runtime.convars.get(name) ?? null,
    kvp,
    players: () => [...runtime.onlinePlayers.keys()],
    playerName: (source) => runtime.onlinePlayers.get(source)?.name ?? null,
    playerLicense: (source) => runtime.onlinePlayers.get(source)?.license ?? null,
    playerIdentifiers(source) {
      const player = runtime.onlinePlayers.get(source);
      if (!player) return [];
      return [...(player.license ? [player.license] : []), ...(player.identifiers ?? [])];
    },
    emitNet(event, target, ...args) {
      runtime.netEvents.push({ event, target, args });
    },
    tell(source, message) {
      runtime.told.push({ source, message });
    },
    registerCommand(name, handler, restricted) {
      runtime.registrations.push(name);
      runtime.commands.set(name, { handler, restricted });
    },
    provideExport(name, fn) {
      runtime.exportsProvided.set(name, fn);
    },
    invokingResource: () => runtime.invoker,
    onPlayerJoining(handler) {
      joinHandlers.add(handler);
      return () => joinHandlers.delete(handler);
    },
    onPlayerDropped(handler) {
      dropHandlers.add(handler);
      return () => dropHandlers.delete(handler);
    },
    onNet(event, handler) {
      const set = netHandlers.get(event) ?? new Set();
      set.add(handler);
      netHandlers.set(event, set);
      return () => set.delete(handler);
    },
    setInterval: clock.setInterval,
    setTimeout: clock.setTimeout,
    fetch: null,
    performHttpRequest(request) {
      runtime.nativeRequests.push(request);
      const token = nextToken++;
      const answer = runtime.nativeHttp
        ? runtime.nativeHttp(request)
        : Promise.resolve({ status: 0, body: null, headers: {}, errorData: 'no handler' });
      void answer.then((a) =>
        clock.setTimeout(
          () =>
            runtime.dispatch('__cfx_internal:httpResponse', token, a.status, a.body, a.headers, a.errorData),
          50,
        ),
      );
      return token;
    },
    resourceState: (name) => runtime.resourceStates.get(name) ?? 'missing',
    exportsOf(resource) {
      throw new Error(`No such export in resource ${resource}`);
    },
    emit(event, ...args) {
      runtime.emitted.push({ event, args });
      runtime.dispatch(event, ...args);
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
    executeCommand(command) {
      runtime.executed.push(command);
    },
    log: createLog((level, message) => void runtime.logs.push({ level, message })),
  };
  return runtime;
}
