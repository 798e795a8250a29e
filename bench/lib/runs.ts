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
}

/** Reads a run record, naming the file when it is not one. */
export function readRunRecord(file: string): BenchRunRecord {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchRunRecord>;
  if (!Array.isArray(value.targets) || typeof value.date !== 'string') {
    throw new Error(`${file} is not a bench run record (no date or targets)`);
  }
  return value as BenchRunRecord;
}
