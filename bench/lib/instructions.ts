import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { type LoadScenario, toRequests } from './load';
import { type ServerProcess, type ServerProcessOptions, startServerProcess } from './processes';
import { median } from './stats';

const run = promisify(execFile);

/** How many requests a server gets before and while its instructions are counted. */
export interface InstructionPlan {
  /** Requests sent before instrumentation is switched on, to let the JIT settle (cheap: valgrind runs fast). */
  warmupRequests: number;
  /** Requests sent once instrumented, before the first window (code re-settles under instrumentation), discarded. */
  instrumentedWarmupRequests: number;
  /** The same for the first scenario of a server, which settles the process's own code (event loop, HTTP parser). */
  firstInstrumentedWarmupRequests: number;
  /** Consecutive windows that must agree within `maxSpread`; the count is their median. */
  windows: number;
  /** Most windows taken while waiting for `windows` consecutive ones to agree; past it the count fails. */
  maxWindows: number;
  /** Requests in each window. */
  windowRequests: number;
  /** Most the agreeing windows' instructions per request may differ, as a fraction of the smallest. */
  maxSpread: number;
}

/** Instructions per request of one server and scenario, one value per window. */
export interface InstructionResult {
  /** Label of the scenario. */
  label: string;
  /** User-space instructions per request of every window taken, the agreeing ones last. */
  perWindow: number[];
  /** Median of the agreeing windows. */
  perRequest: number;
  /** (max − min) / min of the agreeing windows. */
  spread: number;
}

/** Which answers a measured request must get. */
export type Expected = '2xx' | '200';

/** A server process running under valgrind's callgrind, instrumentation off until `instrument()`. */
export interface CallgrindServer extends ServerProcess {
  /** Switches instrumentation on (JIT code is re-translated, so warm up again after it). */
  instrument(): Promise<void>;
  /** Sets the counters to zero. */
  zero(): Promise<void>;
  /** Dumps the counters and returns the instructions counted since the last `zero()`. */
  dump(): Promise<number>;
}

/**
 * Reads the instruction count of one callgrind dump: its `summary:` line (or `totals:` in older formats), whose
 * first number is Ir, the instructions executed. Throws when the text has neither.
 */
export function parseCallgrindTotal(text: string): number {
  for (const key of ['summary', 'totals']) {
    const match = new RegExp(`^${key}:\\s*(\\d+)`, 'm').exec(text);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  throw new Error(
    `not a callgrind dump: no 'summary:' or 'totals:' line in ${JSON.stringify(text.slice(0, 120))}`,
  );
}

/** (max − min) / min of positive window values; 0 for fewer than two. */
export function windowSpread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (!(min > 0)) throw new Error(`window values must be positive, got ${values.join(', ')}`);
  return (max - min) / min;
}

/** Throws, naming every window, when the windows of one measurement differ by more than `maxSpread`. */
export function requireSteadyWindows(label: string, values: readonly number[], maxSpread: number): number {
  const spread = windowSpread(values);
  if (spread > maxSpread) {
    const listed = values
      .map((v, i) => `window ${i + 1}: ${Math.round(v).toLocaleString('en-US')}`)
      .join(', ');
    throw new Error(
      `${label}: instructions per request differ by ${(spread * 100).toFixed(1)} % between windows ` +
        `(${listed}; at most ${(maxSpread * 100).toFixed(1)} % allowed): the count is not steady, ` +
        'so no verdict can be read from it',
    );
  }
  return spread;
}

/** Why instructions cannot be counted on this machine (valgrind or callgrind_control missing), or null. */
export function callgrindMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const tool of ['valgrind', 'callgrind_control']) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore', env });
    } catch {
      return `${tool} not found`;
    }
  }
  return null;
}

/** Starts a server under callgrind with instrumentation off; it stays off until `instrument()`. */
export async function startCallgrindServer(
  options: Omit<ServerProcessOptions, 'wrapper' | 'core'>,
): Promise<CallgrindServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-callgrind-'));
  const server = await startServerProcess({
    ...options,
    // V8 sizes its heap and runs idle-time and memory-reducing GCs by wall time (allocation per ms, idle periods);
    // under valgrind's 50× slowdown that would make the count depend on how fast the machine ran, so GC is fixed.
    args: ['--predictable-gc-schedule', ...options.args],
    core: null,
    wrapper: [
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(dir, 'cg.out.%p')}`,
    ],
    // Node and tsx start 20 to 50 times slower under valgrind.
    startTimeoutMs: options.startTimeoutMs ?? 300_000,
  });
  const control = async (...args: string[]) => {
    await run('callgrind_control', [...args, String(server.pid)], { timeout: 120_000 });
  };
  const seen = new Set<string>();
  return {
    ...server,
    instrument: () => control('-i', 'on'),
    zero: () => control('-z'),
    async dump() {
      await control('-d');
      // Dumps on request are `cg.out.<pid>.<n>`; `cg.out.<pid>` is the file written at exit.
      const fresh = readdirSync(dir).filter((f) => /^cg\.out\.\d+\.\d+$/.test(f) && !seen.has(f));
      if (fresh.length !== 1) {
        throw new Error(
          `${options.name}: expected one new callgrind dump in ${dir}, found ${fresh.length} (${fresh.join(', ')})`,
        );
      }
      const file = fresh[0] as string;
      seen.add(file);
      return parseCallgrindTotal(readFileSync(join(dir, file), 'utf8'));
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sends exactly `amount` requests on one connection; throws when an answer is not as expected. */
async function send(
  server: ServerProcess,
  scenario: LoadScenario,
  amount: number,
  expected: Expected,
): Promise<number> {
  if (amount === 0) return 0;
  const unexpected = new Map<number, number>();
  const instance = autocannon({
    url: server.url,
    connections: 1,
    amount,
    // The first requests after instrumentation is switched on run tens of times slower.
    timeout: 60,
    requests: toRequests(scenario),
  });
  instance.on('response', (_client, status) => {
    const ok = expected === '200' ? status === 200 : status >= 200 && status < 300;
    if (!ok) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const answered = result['2xx'] + result.non2xx;
  const failed = result.errors + result.timeouts;
  if (unexpected.size > 0 || failed > 0 || answered !== amount) {
    const statuses = [...unexpected].map(([s, n]) => `${n} × ${s}`).join(', ') || 'none';
    throw new Error(
      `${scenario.label}: of ${amount} requests ${answered} were answered, ${failed} failed; answers other than ` +
        `${expected}: ${statuses}; instructions per request would not be this endpoint's`,
    );
  }
  return answered;
}

/** Sends the requests that let a server's JIT settle before `instrument()`. */
export async function warmUp(
  server: ServerProcess,
  scenario: LoadScenario,
  plan: InstructionPlan,
  expected: Expected,
): Promise<void> {
  await send(server, scenario, plan.warmupRequests, expected);
}

/** Most requests one measurement of a scenario sends once instrumented (warm-up and every window). */
export function instrumentedRequests(plan: InstructionPlan, first: boolean): number {
  const warmup = first ? plan.firstInstrumentedWarmupRequests : plan.instrumentedWarmupRequests;
  return warmup + plan.maxWindows * plan.windowRequests;
}

/**
 * Counts a scenario's instructions per request on an instrumented server: a discarded instrumented warm-up (the
 * longer one when `first`, the server's first scenario), then windows, each zeroed before and dumped after, until
 * `plan.windows` consecutive ones agree within `plan.maxSpread`. Throws, naming every window, when none do.
 */
export async function countInstructions(
  server: CallgrindServer,
  scenario: LoadScenario,
  plan: InstructionPlan,
  expected: Expected,
  first = false,
): Promise<InstructionResult> {
  const warmup = first ? plan.firstInstrumentedWarmupRequests : plan.instrumentedWarmupRequests;
  await send(server, scenario, warmup, expected);
  const perWindow: number[] = [];
  while (perWindow.length < plan.maxWindows) {
    await server.zero();
    const answered = await send(server, scenario, plan.windowRequests, expected);
    perWindow.push((await server.dump()) / answered);
    const last = perWindow.slice(-plan.windows);
    if (last.length === plan.windows && windowSpread(last) <= plan.maxSpread) {
      return { label: scenario.label, perWindow, perRequest: median(last), spread: windowSpread(last) };
    }
  }
  requireSteadyWindows(scenario.label, perWindow, plan.maxSpread);
  throw new Error(
    `${scenario.label}: no ${plan.windows} consecutive windows agreed (${perWindow.join(', ')})`,
  );
}

/** One scenario to count on a server, under a key of the caller's choosing. */
export interface CountedScenario {
  /** Key of the result, e.g. `check@1000000`. */
  key: string;
  /** The requests. */
  scenario: LoadScenario;
  /** Answers every request must get. */
  expected: Expected;
}

/**
 * Starts one server under callgrind, warms every scenario uninstrumented, switches instrumentation on, counts each
 * scenario in turn and stops the server (also when a count fails).
 */
export async function countOnServer(
  start: () => Promise<CallgrindServer>,
  scenarios: readonly CountedScenario[],
  plan: InstructionPlan,
): Promise<Map<string, InstructionResult>> {
  const server = await start();
  try {
    for (const s of scenarios) await warmUp(server, s.scenario, plan, s.expected);
    await server.instrument();
    const results = new Map<string, InstructionResult>();
    for (const [i, s] of scenarios.entries()) {
      results.set(s.key, await countInstructions(server, s.scenario, plan, s.expected, i === 0));
    }
    return results;
  } finally {
    await server.stop();
  }
}
