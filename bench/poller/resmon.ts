import { createHook, executionAsyncId } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { Runtime } from '../../src/runtime/runtime';

/** Time spent inside the resource's callbacks, as FiveM's `resmon` counts it per resource. */
export interface ResmonMeter {
  /** Wraps the runtime's entry points (timers, events, commands, joins, drops, fetch) before the resource uses it. */
  instrument(runtime: Runtime): void;
  /** Starts counting (the hook is off until then). */
  enable(): void;
  /** Stops counting. */
  disable(): void;
  /** Milliseconds spent in the resource's callbacks and the promise jobs they started, and how many ran. */
  readonly totals: { ms: number; callbacks: number };
  /** Clears the totals. */
  reset(): void;
}

/**
 * Counts the wall time of every synchronous run of resource code on the main thread: a callback the runtime calls
 * (timer, event, command, join, drop) and every promise job or I/O callback whose async chain started in resource
 * code (the continuations after `fetch`, fetch's own socket and parsing work included). The mock and the proxy run
 * in the same process but from sockets the resource did not open, so their work is not counted. Each counted run
 * also carries the hook's own cost (a `performance.now()` pair and a set lookup), so the figure is an upper bound.
 */
export function createResmonMeter(): ResmonMeter {
  const tagged = new Set<number>();
  const totals = { ms: 0, callbacks: 0 };
  let depth = 0;
  let startedAt = 0;
  let syncDepth = 0;
  let enabled = false;

  const enter = () => {
    if (depth === 0) startedAt = performance.now();
    depth += 1;
  };
  const leave = () => {
    depth -= 1;
    if (depth === 0) {
      totals.ms += performance.now() - startedAt;
      totals.callbacks += 1;
    }
  };

  const hook = createHook({
    init(asyncId, _type, triggerAsyncId) {
      if (syncDepth > 0 || tagged.has(triggerAsyncId) || tagged.has(executionAsyncId())) tagged.add(asyncId);
    },
    before(asyncId) {
      if (tagged.has(asyncId)) enter();
    },
    after(asyncId) {
      if (tagged.has(asyncId)) leave();
    },
    destroy(asyncId) {
      tagged.delete(asyncId);
    },
    promiseResolve() {},
  });

  const wrap = <A extends unknown[], R>(fn: (...args: A) => R) =>
    function counted(...args: A): R {
      if (!enabled) return fn(...args);
      syncDepth += 1;
      enter();
      try {
        return fn(...args);
      } finally {
        leave();
        syncDepth -= 1;
      }
    };

  return {
    instrument(runtime) {
      const { setTimeout, setInterval, on, onPlayerJoining, onPlayerDropped, registerCommand } = runtime;
      runtime.setTimeout = (fn, ms) => setTimeout.call(runtime, wrap(fn), ms);
      runtime.setInterval = (fn, ms) => setInterval.call(runtime, wrap(fn), ms);
      runtime.on = (event, handler) => on.call(runtime, event, wrap(handler));
      runtime.onPlayerJoining = (handler) => onPlayerJoining.call(runtime, wrap(handler));
      runtime.onPlayerDropped = (handler) => onPlayerDropped.call(runtime, wrap(handler));
      runtime.registerCommand = (name, handler, restricted) =>
        registerCommand.call(runtime, name, wrap(handler), restricted);
    },
    enable() {
      enabled = true;
      hook.enable();
    },
    disable() {
      enabled = false;
      hook.disable();
    },
    totals,
    reset() {
      totals.ms = 0;
      totals.callbacks = 0;
    },
  };
}
