/**
 * A unit-test `FrameworkHost`: resources with states and exports, a synchronous event bus, a fake clock for
 * `setTimeout`, and a record of console commands. Values crossing a resource boundary are deep-copied (functions
 * kept as live references), as msgpack does in FXServer, so adapters cannot rely on shared objects. An export that
 * raises reaches the caller as FiveM's generic "An error occurred while calling export …", never the Lua text.
 */
import type { FrameworkHost } from '../../../src/rewards/types';

type Fn = (...args: unknown[]) => unknown;

/** Copies plain data like the msgpack boundary; functions stay callable references. */
export function crossBoundary<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => crossBoundary(v)) as T;
  if (value instanceof Promise) return value.then((v) => crossBoundary(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, crossBoundary(v)])) as T;
  }
  return value;
}

/** The fake host plus the levers tests pull. */
export interface FakeHost {
  /** What adapters receive. */
  host: FrameworkHost;
  /** Registers (or replaces) a resource with its exports. */
  addResource(name: string, exports: Record<string, Fn>, state?: string): void;
  /** Changes a resource state without touching its exports. */
  setState(name: string, state: string): void;
  /** Stops a resource and starts it with new exports, firing the lifecycle events FXServer fires. */
  restart(name: string, exports: Record<string, Fn>): void;
  /** Moves the fake clock, running timers that fall due. */
  advance(ms: number): void;
  /** Console commands run through `executeCommand`. */
  commands: string[];
  /** Events emitted through `emit` (after the boundary copy). */
  emitted: { event: string; args: unknown[] }[];
  /** Number of handlers currently registered for an event. */
  listeners(event: string): number;
  /** Timers not yet run or cancelled. */
  pendingTimers(): number;
  /** What the server console printed as SCRIPT ERROR for each export that raised (the callee's own message). */
  scriptErrors: string[];
}

/** Creates an empty fake host. */
export function createFakeHost(): FakeHost {
  const resources = new Map<string, { state: string; exports: Record<string, Fn> }>();
  const handlers = new Map<string, Set<Fn>>();
  let now = 0;
  let timerId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const commands: string[] = [];
  const emitted: { event: string; args: unknown[] }[] = [];
  const scriptErrors: string[] = [];
  const scriptError = (error: unknown) =>
    scriptErrors.push(error instanceof Error ? error.message : String(error));

  const emit = (event: string, ...args: unknown[]) => {
    const copied = args.map((a) => crossBoundary(a));
    emitted.push({ event, args: copied });
    for (const handler of [...(handlers.get(event) ?? [])]) handler(...copied);
  };

  const host: FrameworkHost = {
    resourceState: (name) => resources.get(name)?.state ?? 'missing',
    exportsOf(resource) {
      return new Proxy({} as Record<string, Fn>, {
        get(_target, prop) {
          const entry = resources.get(resource);
          const fn = entry?.state === 'started' ? entry.exports[String(prop)] : undefined;
          if (typeof fn !== 'function')
            throw new Error(`No such export ${String(prop)} in resource ${resource}`);
          // FiveM never hands the callee's Lua error text to a JS caller: it prints it and throws a generic one.
          const generic = () =>
            new Error(
              `An error occurred while calling export ${String(prop)} of resource ${resource} - see above for details`,
            );
          return (...args: unknown[]) => {
            let value: unknown;
            try {
              value = fn(...args.map((a) => crossBoundary(a)));
            } catch (error) {
              scriptError(error);
              throw generic();
            }
            if (value instanceof Promise) {
              return value.then(
                (v) => crossBoundary(v),
                (error: unknown) => {
                  scriptError(error);
                  throw generic();
                },
              );
            }
            return crossBoundary(value);
          };
        },
      });
    },
    emit,
    on(event, handler) {
      const set = handlers.get(event) ?? new Set<Fn>();
      handlers.set(event, set);
      const wrapped: Fn = (...args) => handler(...args);
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    executeCommand: (command) => commands.push(command),
    setTimeout(fn, ms) {
      const id = ++timerId;
      timers.set(id, { at: now + ms, fn });
      return () => timers.delete(id);
    },
    log: { info() {}, warn() {}, error() {} },
  };

  return {
    host,
    addResource(name, exports, state = 'started') {
      resources.set(name, { state, exports });
    },
    setState(name, state) {
      const entry = resources.get(name);
      if (entry) entry.state = state;
      else resources.set(name, { state, exports: {} });
    },
    restart(name, exports) {
      const entry = resources.get(name);
      if (entry) entry.state = 'stopped';
      emit('onResourceStop', name);
      resources.set(name, { state: 'started', exports });
      emit('onResourceStart', name);
      emit('onServerResourceStart', name);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    commands,
    emitted,
    listeners: (event) => handlers.get(event)?.size ?? 0,
    pendingTimers: () => timers.size,
    scriptErrors,
  };
}
