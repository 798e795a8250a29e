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
  /**
   * Most of a window's instructions that may be V8 compiling (TurboFan, Maglev, Sparkplug, deoptimizing) for it to
   * be accepted: a window that compiles counts the compiler, not the endpoint.
   */
  maxCompilerShare: number;
}

/** Instructions per request of one server and scenario, one value per window. */
export interface InstructionResult {
  /** Label of the scenario. */
  label: string;
  /** User-space instructions per request of every window taken, the agreeing ones last. */
  perWindow: number[];
  /** Share of each window's instructions spent in V8's compilers, same order as `perWindow`. */
  compilerShares: number[];
  /** Indexes of the windows the count reads (compile-free, agreeing). */
  accepted: number[];
  /** Median of the agreeing windows. */
  perRequest: number;
  /** (max − min) / min of the agreeing windows. */
  spread: number;
  /** Instrumented requests the server had answered before the first accepted window (warm-up and earlier windows). */
  requestsBefore: number;
}

/** What one callgrind dump counted: all instructions, and those in V8's compilers. */
export interface DumpCounts {
  /** Instructions executed (Ir), from the `summary:` line. */
  instructions: number;
  /** Self instructions of functions in V8's compilers (see COMPILER_FUNCTION). */
  compiler: number;
}

/**
 * Functions whose instructions are V8 compiling code rather than running it: TurboFan (and Turboshaft under it),
 * Maglev, Sparkplug (`baseline`), the compile pipeline's entry points and deoptimization.
 */
export const COMPILER_FUNCTION =
  /\bv8::internal::(?:compiler::|maglev::|baseline::|Compiler::|OptimizingCompileDispatcher|Deoptimizer)/;

/** Which answers a measured request must get. */
export type Expected = '2xx' | '200';

/** A server process running under valgrind's callgrind, instrumentation off until `instrument()`. */
export interface CallgrindServer extends ServerProcess {
  /** Switches instrumentation on (JIT code is re-translated, so warm up again after it). */
  instrument(): Promise<void>;
  /** Sets the counters to zero. */
  zero(): Promise<void>;
  /** Dumps the counters and returns what was counted since the last `zero()`. */
  dump(): Promise<DumpCounts>;
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

/**
 * Reads a callgrind dump's total and the self instructions of V8's compiler functions. Follows the format's name
 * compression (`fn=(id) name` defines an id, `fn=(id)` reuses it; `cfn=` shares the ids) and leaves out the cost line
 * after each `calls=` line, which is the call's inclusive cost, already counted in the callee's own lines.
 */
export function parseCallgrindDump(text: string): DumpCounts {
  const instructions = parseCallgrindTotal(text);
  const names = new Map<string, string>();
  const nameOf = (spec: string): string => {
    const match = /^\((\d+)\)(?:\s+(.*))?$/.exec(spec.trim());
    if (match === null) return spec.trim();
    const [, id, name] = match as unknown as [string, string, string | undefined];
    if (name !== undefined) names.set(id, name);
    return names.get(id) ?? '';
  };
  let inCompiler = false;
  let skipNext = false;
  let compiler = 0;
  for (const line of text.split('\n')) {
    const first = line.charCodeAt(0);
    // Cost lines start with a position: a digit, '+', '-' or '*'.
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (inCompiler) {
        const cost = line.split(/\s+/)[1];
        if (cost !== undefined) compiler += Number(cost);
      }
      continue;
    }
    if (line.startsWith('fn=')) inCompiler = COMPILER_FUNCTION.test(nameOf(line.slice(3)));
    else if (line.startsWith('cfn=')) nameOf(line.slice(4));
    else if (line.startsWith('calls=')) skipNext = true;
  }
  return { instructions, compiler };
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
      const path = join(dir, file);
      const counts = parseCallgrindDump(readFileSync(path, 'utf8'));
      rmSync(path);
      return counts;
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

/**
 * Sends `amount` requests as runs of at most `chunk` each, a new autocannon run (new connection) for each, the shape
 * the windows are sent in: a warm-up sent as one long run settles V8 later than the same requests sent as windows
 * (bare Hono still compiled at 10 000 requests in one run, and was settled at 8 000 sent as 2 000-request runs).
 */
async function sendInRuns(
  server: ServerProcess,
  scenario: LoadScenario,
  amount: number,
  chunk: number,
  expected: Expected,
): Promise<number> {
  let sent = 0;
  while (sent < amount) sent += await send(server, scenario, Math.min(chunk, amount - sent), expected);
  return sent;
}

/** Sends the requests that let a server's JIT settle before `instrument()`. */
export async function warmUp(
  server: ServerProcess,
  scenario: LoadScenario,
  plan: InstructionPlan,
  expected: Expected,
): Promise<void> {
  await sendInRuns(server, scenario, plan.warmupRequests, plan.windowRequests, expected);
}

/** Most requests one measurement of a scenario sends once instrumented (warm-up and every window). */
export function instrumentedRequests(plan: InstructionPlan, first: boolean): number {
  const warmup = first ? plan.firstInstrumentedWarmupRequests : plan.instrumentedWarmupRequests;
  return warmup + plan.maxWindows * plan.windowRequests;
}

/**
 * The windows that settle the count, as indexes into `perWindow`, or null: the last `plan.windows` windows that are
 * each under `plan.maxCompilerShare` of compiling, when they agree within `plan.maxSpread`. A window in which V8
 * compiled counts the compiler, not the endpoint, and is left out whether or not it sits between two settled ones
 * (a long-running server recompiles now and then: check at 1 M votes read 125.1 k, 125.4 k with 0.6 % compiling,
 * 124.7 k, 130.5 k with 2.4 %, and later compile-free windows at 125.1 k).
 */
export function settledWindows(
  perWindow: readonly number[],
  compilerShares: readonly number[],
  plan: Pick<InstructionPlan, 'windows' | 'maxSpread' | 'maxCompilerShare'>,
): number[] | null {
  const clean = perWindow.flatMap((_, i) => ((compilerShares[i] ?? 1) < plan.maxCompilerShare ? [i] : []));
  const last = clean.slice(-plan.windows);
  if (last.length < plan.windows) return null;
  return windowSpread(last.map((i) => perWindow[i] as number)) <= plan.maxSpread ? last : null;
}

/**
 * Counts a scenario's instructions per request on an instrumented server: a discarded instrumented warm-up (the
 * longer one when `first`, the server's first scenario) sent in window-sized runs, then windows, each zeroed before
 * and dumped after, until the last `plan.windows` of those under `plan.maxCompilerShare` of compiling agree within
 * `plan.maxSpread` (see `settledWindows`). Throws, naming every window and its compiler share, when none do.
 */
export async function countInstructions(
  server: CallgrindServer,
  scenario: LoadScenario,
  plan: InstructionPlan,
  expected: Expected,
  first = false,
): Promise<InstructionResult> {
  const warmup = first ? plan.firstInstrumentedWarmupRequests : plan.instrumentedWarmupRequests;
  await sendInRuns(server, scenario, warmup, plan.windowRequests, expected);
  const perWindow: number[] = [];
  const compilerShares: number[] = [];
  while (perWindow.length < plan.maxWindows) {
    await server.zero();
    const sent = await send(server, scenario, plan.windowRequests, expected);
    const counts = await server.dump();
    perWindow.push(counts.instructions / sent);
    compilerShares.push(counts.compiler / counts.instructions);
    const settled = settledWindows(perWindow, compilerShares, plan);
    if (settled !== null) {
      const values = settled.map((i) => perWindow[i] as number);
      return {
        label: scenario.label,
        perWindow,
        compilerShares,
        accepted: settled,
        perRequest: median(values),
        spread: windowSpread(values),
        requestsBefore: warmup + (settled[0] as number) * plan.windowRequests,
      };
    }
  }
  const listed = perWindow
    .map(
      (v, i) =>
        `${Math.round(v).toLocaleString('en-US')} (${((compilerShares[i] ?? 0) * 100).toFixed(2)} % compiling)`,
    )
    .join(', ');
  throw new Error(
    `${scenario.label}: no ${plan.windows} windows were each under ` +
      `${(plan.maxCompilerShare * 100).toFixed(1)} % compiling and within ${(plan.maxSpread * 100).toFixed(1)} % ` +
      `of each other in ${plan.maxWindows} windows (instructions per request: ${listed}): the count is not settled, ` +
      'so no verdict can be read from it',
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
