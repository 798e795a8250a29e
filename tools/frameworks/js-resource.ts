/**
 * A JavaScript server resource (ox_core's built bundle) inside the simulated server: its scripts run in a node:vm
 * context holding FiveM's JS scripting globals (`exports`, `on`/`onNet`/`emit`/`emitNet`, `source`, `setTick`, the
 * natives, `Player(src).state`, `GlobalState`, `getPlayerIdentifiers`...) wired to the same host the Lua resources
 * use: exports cross with the same copy rules, events reach Lua and JS listeners alike, timers follow the server's
 * virtual clock, `Date` starts at a fixed epoch and `Math.random` is seeded, so a recording is deterministic.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';

/** What host.ts gives a JS resource (see createServer). */
export interface JsHostApi {
  log(line: string): void;
  /** The virtual clock in ms. */
  now(): number;
  /** Calls a native as the resource `self`; undefined when the harness does not implement it. */
  native(self: string, name: string, args: unknown[]): unknown;
  /** Every native name a script may call. */
  nativeNames(): string[];
  /** TriggerEvent (server side, every resource). */
  emit(event: string, args: unknown[]): void;
  /** TriggerClientEvent: recorded in the server's client events. */
  emitNet(event: string, target: unknown, args: unknown[]): void;
  /** Listens to a server event; the handler gets the event's source (`net:1`, `internal-net:1`, '') first. */
  listen(event: string, handler: (source: string, args: unknown[]) => void): () => void;
  /** Publishes an export of `self`. */
  registerExport(self: string, name: string, fn: (...args: unknown[]) => unknown): void;
  /** Calls another resource's export (never recorded: only our resource's calls are). */
  callExport(self: string, resource: string, name: string, args: unknown[]): unknown;
  stateGet(bag: string, key: string): unknown;
  stateSet(bag: string, key: string, value: unknown): void;
}

/** A started JS resource. */
export interface JsResource {
  /** Runs the timers and ticks due at `now`; answers how many ran. */
  runDue(now: number): number;
  /** Stops its timers and listeners. */
  stop(): void;
}

/** Epoch the resource's `Date` starts at (the server clock adds to it). */
const JS_EPOCH_MS = Date.parse('2026-11-21T10:00:00.000Z');

let rejectionsHooked = false;
const rejectionLogs = new Set<(line: string) => void>();

/** Runs `scripts` (paths in `dir`) as the JS resource `name`; `globals` are added to its scope (e.g. a DB driver). */
export function startJsResource(
  api: JsHostApi,
  name: string,
  dir: string,
  scripts: string[],
  globals: Record<string, unknown> = {},
): JsResource {
  const timers = new Map<number, { at: number; every: number | null; fn: () => void }>();
  const offs: Array<() => void> = [];
  let nextTimer = 0;
  let stopped = false;
  const log = (line: string) => api.log(`[${name}] ${line}`);
  // Errors come from the resource's own realm: not `instanceof Error` here.
  const fail = (error: unknown) =>
    log(`SCRIPT ERROR: ${String((error as { stack?: unknown } | null)?.stack ?? error)}`);
  const guard =
    (fn: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      try {
        const out = fn(...args);
        if (out && typeof (out as Promise<unknown>).catch === 'function')
          (out as Promise<unknown>).catch(fail);
      } catch (error) {
        fail(error);
      }
    };
  const schedule = (fn: unknown, ms: unknown, every: boolean, args: unknown[]) => {
    nextTimer += 1;
    const delay = Math.max(0, Number(ms) || 0);
    const call = guard(() => (fn as (...a: unknown[]) => unknown)(...args));
    timers.set(nextTimer, { at: api.now() + delay, every: every ? Math.max(1, delay) : null, fn: call });
    return nextTimer;
  };
  const clear = (id: unknown) => void timers.delete(Number(id));

  const scope: Record<string, unknown> = {};
  const parseSource = (raw: string) => {
    const match = /^(?:internal-)?net:(\d+)$/.exec(raw);
    return match ? Number(match[1]) : undefined;
  };
  const listen = (event: string, handler: (...args: unknown[]) => unknown) => {
    const run = guard(handler);
    offs.push(
      api.listen(event, (raw, args) => {
        if (stopped) return;
        scope.source = parseSource(raw);
        run(...args);
      }),
    );
  };
  const exportsProxy = new Proxy(() => undefined, {
    apply: (_target, _this, [exportName, fn]) =>
      api.registerExport(name, String(exportName), fn as (...args: unknown[]) => unknown),
    get: (_target, resource) =>
      typeof resource !== 'string'
        ? undefined
        : new Proxy(
            {},
            {
              get: (_t, fnName) =>
                typeof fnName !== 'string'
                  ? undefined
                  : (...args: unknown[]) => api.callExport(name, resource, fnName, args),
            },
          ),
  });
  const stateOf = (bag: string) =>
    new Proxy(
      {
        set: (key: string, value: unknown) => api.stateSet(bag, key, value),
        get: (key: string) => api.stateGet(bag, key),
      } as Record<string, unknown>,
      {
        get: (target, key) =>
          typeof key !== 'string' ? undefined : key in target ? target[key] : api.stateGet(bag, key),
        set: (_target, key, value) => {
          api.stateSet(bag, String(key), value);
          return true;
        },
      },
    );
  const natives: Record<string, unknown> = {};
  for (const native of api.nativeNames())
    natives[native] = (...args: unknown[]) => api.native(name, native, args);
  const console = {
    log: (...args: unknown[]) => log(args.map(String).join(' ')),
    info: (...args: unknown[]) => log(args.map(String).join(' ')),
    warn: (...args: unknown[]) => log(`warning: ${args.map(String).join(' ')}`),
    error: (...args: unknown[]) => log(`error: ${args.map(String).join(' ')}`),
    trace: (...args: unknown[]) => log(args.map(String).join(' ')),
  };
  const natively =
    (native: string) =>
    (...args: unknown[]) =>
      api.native(name, native, args);
  Object.assign(scope, natives, {
    console,
    exports: exportsProxy,
    on: listen,
    onNet: listen,
    AddEventHandler: listen,
    addEventListener: listen,
    addNetEventListener: listen,
    RegisterNetEvent: () => undefined,
    removeEventListener: () => undefined,
    emit: (event: string, ...args: unknown[]) => api.emit(event, args),
    TriggerEvent: (event: string, ...args: unknown[]) => api.emit(event, args),
    emitNet: (event: string, target: unknown, ...args: unknown[]) => api.emitNet(event, target, args),
    TriggerClientEvent: (event: string, target: unknown, ...args: unknown[]) =>
      api.emitNet(event, target, args),
    setTimeout: (fn: unknown, ms?: unknown, ...args: unknown[]) => schedule(fn, ms, false, args),
    setInterval: (fn: unknown, ms?: unknown, ...args: unknown[]) => schedule(fn, ms, true, args),
    setImmediate: (fn: unknown, ...args: unknown[]) => schedule(fn, 0, false, args),
    setTick: (fn: unknown) => schedule(fn, 0, true, []),
    clearTimeout: clear,
    clearInterval: clear,
    clearImmediate: clear,
    clearTick: clear,
    Player: (src: unknown) => ({ state: stateOf(`player:${Number(src)}`) }),
    Entity: (handle: unknown) => ({ state: stateOf(`entity:${Number(handle)}`) }),
    GlobalState: stateOf('global'),
    getPlayers: () => natively('GetPlayers')(),
    getPlayerIdentifiers: (src: unknown) => natively('GetPlayerIdentifiers')(String(src)),
    getPlayerTokens: () => [],
    Citizen: { trace: (line: unknown) => log(String(line)) },
    // FXServer runs server scripts as Node modules: a cjs bundle ends with `module.exports = ...`.
    module: { exports: {} },
    require: createRequire(join(dir, 'package.json')),
    ...globals,
  });
  scope.globalThis = scope;
  scope.global = scope;
  const context = createContext(scope, { name });
  // FiveM's JS runtime has its own clock and random source; fixed here so recordings repeat byte for byte.
  runInContext(
    `(() => {
      const RealDate = Date;
      const clock = ${JSON.stringify(JS_EPOCH_MS)};
      const now = () => clock + __vrNow();
      class FixedDate extends RealDate {
        constructor(...args) { if (args.length === 0) super(now()); else super(...args); }
        static now() { return now(); }
      }
      globalThis.Date = FixedDate;
      let seed = 0x2f6b1d3;
      Math.random = () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    })();`,
    Object.assign(context, { __vrNow: () => api.now() }),
  );
  if (!rejectionsHooked) {
    rejectionsHooked = true;
    process.on('unhandledRejection', (reason) => {
      for (const report of rejectionLogs) report(`SCRIPT ERROR (unhandled rejection): ${String(reason)}`);
    });
  }
  rejectionLogs.add(log);
  for (const script of scripts) {
    try {
      runInContext(readFileSync(join(dir, script), 'utf8'), context, { filename: `@${name}/${script}` });
    } catch (error) {
      fail(error);
    }
  }

  return {
    runDue(now) {
      let ran = 0;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= now)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due || stopped) return ran;
        const [id, timer] = due;
        if (timer.every === null) timers.delete(id);
        else timer.at = Math.max(timer.at + timer.every, now + 1);
        timer.fn();
        ran += 1;
      }
    },
    stop() {
      stopped = true;
      timers.clear();
      for (const off of offs) off();
      rejectionLogs.delete(log);
    },
  };
}
