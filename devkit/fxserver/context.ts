import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import util from 'node:util';
import vm from 'node:vm';
import type { SimClock } from './clock';
import { isLoopbackUrl, offlineFetchError } from './offline';

/** Which FXServer Node runtime a resource context imitates. */
export type NodeProfile = 'node22' | 'node16';

/** What the in-context citizen runtime (runtime/cfx-runtime.js) returns to the host. */
export interface CfxRuntime {
  /** Dispatches an event into this resource (main.js setEventFunction semantics). */
  dispatchEvent(name: string, payload: Uint8Array, source: string): void;
  /** Calls one of this resource's function references; returns msgpack bytes (nil when it failed). */
  callRef(idx: number, args: Uint8Array): Uint8Array;
  /** Another runtime took a copy of one of our refs. */
  duplicateRef(idx: number): void;
  /** Another runtime dropped a copy of one of our refs. */
  deleteRef(idx: number): void;
  /** Runs timers, tickers and animation frames for this frame. */
  onTick(gameTime: number): void;
  /** Number of listeners for an event name. */
  listenerCount(name: string): number;
}

/** The host side of one resource's bridge. */
export interface HostBridge {
  /** Resource name. */
  resourceName: string;
  /** Changes on every start; refs carry it so a restart invalidates them. */
  instanceId: number;
  /** 'js' for real scripts; 'lua' for fakes that follow Lua's return/error conventions. */
  flavor: 'js' | 'lua';
  /** Natives implemented by the host. */
  natives: Record<string, (...args: never[]) => unknown>;
  /** Writes a console line for this resource. */
  print(text: string, level: 'info' | 'error' | 'warn'): void;
  /** TriggerEvent: synchronous dispatch to every resource. */
  triggerEvent(name: string, payload: Uint8Array): void;
  /** TriggerClientEvent. */
  triggerClientEvent(name: string, target: string | null, payload: Uint8Array): void;
  /** Calls a function reference by its canonical string. */
  invokeRef(ref: string, args: Uint8Array): Uint8Array | null;
  /** Ref bookkeeping. */
  duplicateRef(ref: string): void;
  /** Ref bookkeeping. */
  deleteRef(ref: string): void;
  /** Game timer (ms since server start). */
  getTickCount(): number;
}

/** A created resource context. */
export interface ResourceContext {
  /** The vm context (its global object). */
  context: vm.Context;
  /** The in-context runtime API. */
  runtime: CfxRuntime;
  /** The context's own Promise/Error constructors, to recognise its unhandled rejections. */
  realm: { Promise: PromiseConstructor; Error: ErrorConstructor };
  /** Runs a classic script in the context. */
  runScript(source: string, filename: string): void;
}

const runtimeDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'runtime');
const msgpackSource = fs.readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('msgpack-lite/package.json')),
    'dist/msgpack.min.js',
  ),
  'utf8',
);
const preludeScript = new vm.Script(fs.readFileSync(path.join(runtimeDir, 'context-prelude.js'), 'utf8'), {
  filename: 'citizen:/scripting/v8/prelude.js',
});
const runtimeScript = new vm.Script(fs.readFileSync(path.join(runtimeDir, 'cfx-runtime.js'), 'utf8'), {
  filename: 'citizen:/scripting/v8/main.js',
});
const msgpackScript = new vm.Script(msgpackSource, { filename: 'citizen:/scripting/v8/msgpack.js' });

const hostRequire = createRequire(import.meta.url);
const builtins = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/** Options for one resource context. */
export interface ContextOptions {
  /** Node profile. */
  profile: NodeProfile;
  /** Simulator clock. */
  clock: SimClock;
  /** Resource folder (for os.tmpdir-like paths and error messages). */
  resourcePath: string;
  /** The host bridge. */
  bridge: HostBridge;
  /** Tracks in-flight real I/O so a virtual clock does not outrun it. */
  ioStart(label: string): () => void;
  /** True once the server was killed: a dead process sends nothing more (its fetch never leaves). */
  isDead?: () => boolean;
}

function createProcessView(print: HostBridge['print'], name: string): NodeJS.Process {
  const local = new Map<string | symbol, unknown[]>();
  const refuse = (what: string) => (code?: unknown) => {
    const msg = `${what}(${code === undefined ? '' : String(code)}) called by resource ${name}: refused (FXServer resources must not end the server process)`;
    print(`SCRIPT ERROR: ${msg}`, 'error');
    throw new Error(msg);
  };
  const captured = new Set([
    'uncaughtException',
    'unhandledRejection',
    'exit',
    'beforeExit',
    'SIGINT',
    'SIGTERM',
  ]);
  const addLocal = (event: string | symbol, fn: unknown): void => {
    local.set(event, [...(local.get(event) ?? []), fn]);
  };
  return new Proxy(process, {
    get(target, key) {
      if (key === 'exit') return refuse('process.exit');
      if (key === 'reallyExit' || key === 'abort') return refuse(`process.${String(key)}`);
      if (key === 'on' || key === 'addListener' || key === 'once' || key === 'prependListener') {
        return (event: string | symbol, fn: (...a: unknown[]) => void) => {
          if (typeof event === 'string' && captured.has(event)) addLocal(event, fn);
          else target.on(event as string, fn);
          return this;
        };
      }
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** Creates a resource's vm context with the profile's globals, the virtual clock and the citizen runtime. */
export function createResourceContext(options: ContextOptions): ResourceContext {
  const { profile, clock, bridge } = options;
  const node22 = profile === 'node22';
  const consoleView = {
    log: (...a: unknown[]) => bridge.print(util.format(...a), 'info'),
    info: (...a: unknown[]) => bridge.print(util.format(...a), 'info'),
    debug: (...a: unknown[]) => bridge.print(util.format(...a), 'info'),
    trace: (...a: unknown[]) => bridge.print(util.format(...a), 'info'),
    warn: (...a: unknown[]) => bridge.print(util.format(...a), 'warn'),
    error: (...a: unknown[]) => bridge.print(util.format(...a), 'error'),
  };
  const resourceRequire = (id: string): unknown => {
    const bare = String(id).replace(/^node:/, '');
    if (!builtins.has(bare)) {
      const err = new Error(`Cannot find module '${id}'`) as Error & { code?: string };
      err.code = 'MODULE_NOT_FOUND';
      throw err;
    }
    return hostRequire(`node:${bare}`);
  };

  const sandbox: Record<string, unknown> = {
    console: consoleView,
    require: resourceRequire,
    process: createProcessView(bridge.print, bridge.resourceName),
    Buffer,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    EventTarget,
    Event,
    DOMException,
    queueMicrotask,
    crypto: node22 ? globalThis.crypto : hostRequire('node:crypto'),
  };
  if (node22) {
    Object.assign(sandbox, { Headers, Request, Response, FormData, Blob, structuredClone });
  }
  const context = vm.createContext(sandbox, { name: `resource:${bridge.resourceName}` });
  const globalObject = vm.runInContext('globalThis.global = globalThis;', context) as vm.Context;
  for (const mod of builtins) {
    if (mod.includes('/') || mod in sandbox) continue;
    Object.defineProperty(sandbox, mod, {
      configurable: true,
      enumerable: false,
      get: () => hostRequire(`node:${mod}`),
    });
  }

  const prelude = preludeScript.runInContext(context) as (g: unknown, h: unknown) => void;
  prelude(globalObject, {
    virtualClock: clock.mode === 'virtual',
    now: () => clock.wallNow(),
    gameTimer: () => clock.gameTimer(),
    schedule: (ms: number, fn: () => void) => clock.schedule(ms, fn),
    AbortSignal,
    hasAbortSignalTimeout: node22,
    fetch: node22
      ? (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
          if (options.isDead?.()) return new Promise<Response>(() => undefined);
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          // No internet in the simulation: only loopback hosts answer (see offline.ts).
          if (!isLoopbackUrl(url)) return Promise.reject(offlineFetchError(url));
          return globalThis.fetch(input, init);
        }
      : undefined,
    ioStart: options.ioStart,
  });
  if (!node22 && globalObject.AbortSignal) {
    globalObject.AbortSignal = new Proxy(AbortSignal, {
      get: (t, k, r) => (k === 'timeout' ? undefined : Reflect.get(t, k, r)),
    });
  }

  msgpackScript.runInContext(context);
  const install = runtimeScript.runInContext(context) as (g: unknown, h: HostBridge) => CfxRuntime;
  const runtime = install(globalObject, bridge);
  return {
    context: globalObject,
    runtime,
    realm: vm.runInContext('({ Promise, Error })', context) as ResourceContext['realm'],
    runScript(source, filename) {
      new vm.Script(source, { filename }).runInContext(context);
    },
  };
}
