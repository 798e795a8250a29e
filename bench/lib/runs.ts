import { readFileSync } from 'node:fs';
import type { TargetResult } from './report';

/** One run's verdicts as `bench/runs/*.json` keeps them. */
export interface BenchRunRecord {
  /** ISO time the run started. */
  date: string;
  /** Length of the run. */
  seconds: number;
  /** True for a `BENCH_QUICK=1` smoke run. */
  quick: boolean;
  /** Node that ran it. */
  node: string;
  /** 1-minute load average samples through the run. */
  load: number[];
  /** Every target with its verdict. */
  targets: (TargetResult & { met: boolean })[];
  /**
   * Raw figures the sections keep beside their verdicts (runs from before 2026-12-07 have none), e.g. `instructions`:
   * every counted server and endpoint with its windows (see RawInstructionCount).
   */
  raw?: Record<string, unknown>;
}

/** One instruction count as a run record keeps it. */
export interface RawInstructionCount {
  /** Instructions per request: the median of the accepted windows. */
  perRequest: number;
  /** (max − min) / min of the accepted windows. */
  spread: number;
  /** Every window's instructions per request, the accepted ones last. */
  perWindow: number[];
  /** Every window's share of instructions in V8's compilers. */
  compilerShares: number[];
  /** Indexes of the windows the count reads. */
  accepted: number[];
  /** Instrumented requests answered before the first accepted window. */
  requestsBefore: number;
}

/** The largest compiling share among the windows a count reads. */
export function acceptedCompilerShare(
  count: Pick<RawInstructionCount, 'compilerShares' | 'accepted'>,
): number {
  return Math.max(0, ...count.accepted.map((i) => count.compilerShares[i] ?? 0));
}

/** The raw instruction counts of a run record, by key (`hono`, `http`, `check@1000000`, …), or null when it has none. */
export function rawInstructions(run: BenchRunRecord): Record<string, RawInstructionCount> | null {
  const value = run.raw?.instructions;
  return value !== null && typeof value === 'object' ? (value as Record<string, RawInstructionCount>) : null;
}

/** Reads a run record, naming the file when it is not one. */
export function readRunRecord(file: string): BenchRunRecord {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchRunRecord>;
  if (!Array.isArray(value.targets) || typeof value.date !== 'string') {
    throw new Error(`${file} is not a bench run record (no date or targets)`);
  }
  return value as BenchRunRecord;
}
