import { createHook, executionAsyncId } from 'node:async_hooks';
import { openSync, readSync } from 'node:fs';
import type { Runtime } from '../../src/runtime/runtime';

/** Time spent inside the resource's callbacks, as FiveM's `resmon` counts it per resource. */
export interface ResmonMeter {
  /** Wraps the runtime's entry points (timers, events, commands, joins, drops, fetch) before the resource uses it. */
  instrument(runtime: Runtime): void;
  /** Starts counting; enable before the resource opens its connections, so their socket work is counted too. */
  enable(): void;
  /** Stops counting. */
  disable(): void;
  /** Milliseconds spent in the resource's callbacks and the promise jobs they started, and how many ran. */
  readonly totals: { ms: number; callbacks: number };
  /** Clears the totals. */
  reset(): void;
}

/**
 * CPU time of the calling (main) thread in microseconds: the first field of `/proc/thread-self/schedstat` (ns, read
 * through a kept-open descriptor, about 2 µs a read). Not wall time, because a callback preempted on a shared machine
 * is not slower for resmon; not the process clock, because GC and compiler threads run beside it. Falls back to the
 * process clock where that file does not exist.
 */
function createThreadClock(): () => number {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    };
  }
  const buffer = Buffer.alloc(64);
  return () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    let ns = 0;
    for (let i = 0; i < length && buffer[i] !== 32; i += 1) ns = ns * 10 + ((buffer[i] as number) - 48);
    return ns / 1000;
  };
}

/**
 * Counts the main thread's CPU time of every synchronous run of resource code on the main thread: a callback the runtime calls
 * (timer, event, command, join, drop) and every promise job or I/O callback whose async chain started in resource
 * code (the continuations after `fetch`, fetch's own socket and parsing work included). The mock and the proxy run
 * in the same process but from sockets the resource did not open, so their work is not counted. Each counted run
 * also carries the hook's own cost (two clock reads and a set lookup), while event-loop work between callbacks is not
 * counted; {@link calibrateMeter} compares the meter with the thread's CPU clock over the same requests.
 */
export function createResmonMeter(): ResmonMeter {
  const tagged = new Set<number>();
  const totals = { ms: 0, callbacks: 0 };
  let depth = 0;
  let startedAt = 0;
  let syncDepth = 0;
  let enabled = false;

  const cpuMicros = createThreadClock();
  const enter = () => {
    if (depth === 0) startedAt = cpuMicros();
    depth += 1;
  };
  const leave = () => {
    depth -= 1;
    if (depth === 0) {
      totals.ms += (cpuMicros() - startedAt) / 1000;
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

/** What the meter adds to the time it counts, found by timing the same requests with and without it. */
export interface MeterCalibration {
  /** Main-thread CPU time of one `/vote/check` through the resource's client, without the hook, in microseconds. */
  plainMicros: number;
  /** The same request as the meter counts it, in microseconds. */
  meteredMicros: number;
  /** meteredMicros / plainMicros. */
  factor: number;
  /** What the meter adds to each callback it counts (two clock reads, bookkeeping), in microseconds. */
  overheadMicros: number;
}

const SERVER_SCRIPT = `
const body = JSON.stringify({ voted: false, voted_at: null, username: 'Player1' });
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/**
 * The median of `rounds` calibrations: each sends `requests` checks through the resource's real client (fetch transport, rate budget on a fake clock) to a
 * trivial server in a child process, once timed by the process CPU clock with no hook, once counted by the meter.
 */
export async function calibrateMeter(requests = 1000, rounds = 3): Promise<MeterCalibration> {
  const results: Omit<MeterCalibration, 'overheadMicros'>[] = [];
  for (let round = 0; round < rounds; round += 1) results.push(await calibrateOnce(requests));
  results.sort((a, b) => a.factor - b.factor);
  const overheads: number[] = [];
  for (let round = 0; round < rounds; round += 1) overheads.push(await measureOverhead());
  overheads.sort((a, b) => a - b);
  return {
    ...(results[Math.floor(rounds / 2)] as Omit<MeterCalibration, 'overheadMicros'>),
    overheadMicros: overheads[Math.floor(rounds / 2)] as number,
  };
}

/** An enabled meter on a runtime whose setTimeout runs the callback at once, so each scheduled job is counted. */
function enabledMeter(): { meter: ReturnType<typeof createResmonMeter>; runtime: Runtime } {
  const meter = createResmonMeter();
  const runtime = {
    setTimeout: (fn: () => void) => {
      fn();
      return () => {};
    },
  } as unknown as Runtime;
  meter.instrument(runtime);
  meter.enable();
  return { meter, runtime };
}

/** Counted time of an empty promise job (one resolved `await` in resource code): the meter's cost per callback. */
async function measureOverhead(jobs = 20_000): Promise<number> {
  const { meter, runtime } = enabledMeter();
  const chain = async () => {
    for (let i = 0; i < jobs; i += 1) await Promise.resolve(i);
  };
  let done: Promise<void> = Promise.resolve();
  runtime.setTimeout(() => {
    done = chain();
  }, 0);
  await done;
  meter.disable();
  return Math.round((meter.totals.ms * 1000 * 100) / meter.totals.callbacks) / 100;
}

async function calibrateOnce(requests: number): Promise<Omit<MeterCalibration, 'overheadMicros'>> {
  const { spawn } = await import('node:child_process');
  const { createVoteApi } = await import('../../src/api/client');
  const { createRateBudget } = await import('../../src/api/rate-budget');
  const { createFetchTransport } = await import('../../src/api/transport');
  const child = spawn(process.execPath, ['-e', SERVER_SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      child.once('error', reject);
    });
    let clock = 0;
    // Two origins, so the metered phase opens its own connection while the hook is on (as the resource does).
    const client = (host: string) => {
      const api = createVoteApi({
        baseUrl: `http://${host}:${port}`,
        apiKey: 'calibration',
        transport: createFetchTransport(fetch),
        budget: createRateBudget({ now: () => clock }),
        now: () => clock,
        timeoutMs: 5_000,
      });
      return async () => {
        clock += 2_000;
        await api.checkVote({ username: 'Player1' }, { priority: 'poll' });
      };
    };
    const plain = client('127.0.0.1');
    for (let i = 0; i < 200; i += 1) await plain();
    const threadClock = createThreadClock();
    const before = threadClock();
    for (let i = 0; i < requests; i += 1) await plain();
    const plainMicros = (threadClock() - before) / requests;
    const { meter, runtime } = enabledMeter();
    const metered = client('localhost');
    const send = () =>
      new Promise<void>((resolve) => {
        runtime.setTimeout(() => void metered().then(resolve), 0);
      });
    for (let i = 0; i < 200; i += 1) await send();
    meter.reset();
    for (let i = 0; i < requests; i += 1) await send();
    meter.disable();
    const meteredMicros = (meter.totals.ms * 1000) / requests;
    return {
      plainMicros: Math.round(plainMicros),
      meteredMicros: Math.round(meteredMicros),
      factor: Math.round((meteredMicros / plainMicros) * 100) / 100,
    };
  } finally {
    child.kill();
  }
}
