/** How long and how often the benchmarks run, read once from the environment. */
export interface BenchSettings {
  /** `BENCH_QUICK=1`: a short smoke run whose figures are not meant to be published. */
  quick: boolean;
  /** `BENCH_FULL=1`: also run the 10 M-vote scale point. */
  full: boolean;
  /** Seconds of load before each measured window, discarded. */
  warmupSeconds: number;
  /** Seconds of each measured load window. */
  durationSeconds: number;
  /** Interleaved rounds (A B A B …) of every load measurement. */
  repeats: number;
  /** Concurrent HTTP connections of the load generator. */
  connections: number;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(
      `${name} must be a positive number of ${name.endsWith('S') ? 'items' : 'seconds'}, got '${raw}'`,
    );
  }
  return value;
}

/** Reads BENCH_QUICK, BENCH_FULL, BENCH_WARMUP, BENCH_DURATION, BENCH_REPEATS and BENCH_CONNECTIONS. */
export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const quick = env.BENCH_QUICK === '1';
  return {
    quick,
    full: env.BENCH_FULL === '1',
    warmupSeconds: positiveNumber(env, 'BENCH_WARMUP', quick ? 1 : 2),
    durationSeconds: positiveNumber(env, 'BENCH_DURATION', quick ? 2 : 10),
    repeats: Math.round(positiveNumber(env, 'BENCH_REPEATS', quick ? 1 : 3)),
    connections: Math.round(positiveNumber(env, 'BENCH_CONNECTIONS', 50)),
  };
}
