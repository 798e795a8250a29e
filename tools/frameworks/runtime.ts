/**
 * The project's Runtime (src/runtime/runtime.ts) over a simulated server, so the real resource factory
 * (src/resource.ts createResource) runs on top of real framework Lua: players, names and licenses are read with the
 * natives the Lua resources see, exports are published to Lua callers (`exportJs`), events go through the server,
 * HTTP goes to the real mock vote API in process, and timers follow a virtual clock the scenario moves with `pump`.
 */
import { createLog, type KvpStore, type Runtime } from '../../src/runtime/runtime';
import type { SimServer } from './host';

/** What the scenario sees besides the Runtime. */
export interface HarnessRuntime extends Runtime {
  /** Console lines our resource printed. */
  lines: string[];
  /** Chat lines and client events our resource sent. */
  sent: Array<{ event: string; target: number; args: unknown[] }>;
  /** Registered commands. */
  commands: Map<string, (source: number, args: string[], raw: string) => void>;
  /** Runs the virtual timers due by now. */
  runTimers(): void;
  /** Moves the server in 50 ms ticks (Lua threads, then due timers), letting promises settle, until `promise` settles. */
  pump<T>(promise: Promise<T>, maxMs?: number): Promise<T>;
}

/** Epoch of the virtual clock (the server's clock starts at 0). */
const EPOCH_MS = Date.parse('2026-11-21T10:00:00.000Z');

/** Options: the resource's name and files, convars, a Lua resource to read natives through, and fetch. */
export interface HarnessRuntimeOptions {
  resourceName: string;
  files: Record<string, string>;
  convars: Record<string, string>;
  /** A started Lua resource whose natives (GetPlayers, GetPlayerName, ...) the runtime reads through. */
  nativesVia: string;
  fetch: typeof fetch;
}

/** Creates the runtime; publish nothing until the resource calls `provideExport`. */
export function createHarnessRuntime(server: SimServer, options: HarnessRuntimeOptions): HarnessRuntime {
  const host = server.frameworkHost();
  const store = new Map<string, string>();
  const timers = new Map<number, { at: number; every: number | null; fn: () => void }>();
  let nextTimer = 0;
  const lines: string[] = [];
  const sent: HarnessRuntime['sent'] = [];
  const commands = new Map<string, (source: number, args: string[], raw: string) => void>();
  const now = () => EPOCH_MS + server.now();
  const native = (code: string) => server.probe(options.nativesVia, code);
  const schedule = (fn: () => void, ms: number, every: number | null) => {
    nextTimer += 1;
    const id = nextTimer;
    timers.set(id, { at: now() + Math.max(0, ms), every, fn });
    return () => void timers.delete(id);
  };
  const kvp: KvpStore = {
    get: (key) => store.get(key) ?? null,
    set: (key, value) => void store.set(key, value),
    delete: (key) => void store.delete(key),
    keys: (prefix) => [...store.keys()].filter((key) => key.startsWith(prefix)).sort(),
  };
  const log = createLog((_level, line) => void lines.push(line));
  const runtime: HarnessRuntime = {
    ...host,
    resourceName: 'vote-reward',
    log,
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    setInterval: (fn, ms) => schedule(fn, ms, Math.max(1, ms)),
    now,
    loadResourceFile: (path) => options.files[path] ?? null,
    convar: (name) => options.convars[name] ?? null,
    kvp,
    players: () => ((native('return GetPlayers()') as unknown[] | undefined) ?? []).map(Number),
    playerName: (source) => (native(`return GetPlayerName(${Number(source)})`) as string | undefined) ?? null,
    playerLicense: (source) => {
      const id = native(`return GetPlayerIdentifierByType(${Number(source)}, 'license:')`);
      return typeof id === 'string' && id.startsWith('license:') ? id : null;
    },
    // No recorded scenario claims on a site that names players by Steam, Discord or IP.
    playerIdentifiers: () => [],
    emitNet: (event, target, ...args) => void sent.push({ event, target, args }),
    tell: (source, message) => void sent.push({ event: 'chat:addMessage', target: source, args: [message] }),
    registerCommand: (name, handler) => void commands.set(name, handler),
    provideExport: (name, fn) => server.exportJs(options.resourceName, name, fn),
    onPlayerJoining: (handler) => server.on('playerJoining', (source) => handler(Number(source))),
    // playerDropped reaches JS listeners without its source here; no scenario of ours needs it.
    onPlayerDropped: () => () => undefined,
    onNet: () => () => undefined,
    fetch: options.fetch,
    performHttpRequest: () => {
      throw new Error('the harness runtime sends HTTP with fetch');
    },
    lines,
    sent,
    commands,
    runTimers() {
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= now())
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) return;
        const [id, timer] = due;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.fn();
      }
    },
    async pump(promise, maxMs = 10_000) {
      let settled = false;
      const mark = () => {
        settled = true;
      };
      promise.then(mark, mark);
      for (let waited = 0; !settled && waited <= maxMs; waited += 50) {
        for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
        if (settled) break;
        server.advance(50);
        runtime.runTimers();
      }
      return promise;
    },
  };
  return runtime;
}
