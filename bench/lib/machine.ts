import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem } from 'node:os';

/** The machine a benchmark ran on, as written into BENCHMARKS.md. */
export interface MachineInfo {
  /** CPU model string reported by the OS. */
  cpuModel: string;
  /** Logical CPUs available. */
  cores: number;
  /** Total memory in GiB. */
  memoryGiB: number;
  /** `process.version` of the Node running the benchmark. */
  node: string;
  /** Kernel release. */
  kernel: string;
  /** Whether servers and load generator could be pinned to separate cores with `taskset`. */
  pinning: boolean;
  /** ISO date and time of the run (UTC). */
  date: string;
}

/** True when `taskset` exists and there are at least two cores to split between server and load. */
export function canPin(): boolean {
  if (cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Describes this machine; `now` is injected so the date is the run's. */
export function describeMachine(now: () => Date = () => new Date()): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: release(),
    pinning: canPin(),
    date: now().toISOString(),
  };
}

/** Pins every thread of this process to `core` (the load generator side); no-op without taskset. */
export function pinSelf(core: number): boolean {
  if (!canPin()) return false;
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
  return true;
}
