/**
 * The one kill-sweep harness every crash test uses: a scenario is run once clean to name the KVP writes of the step
 * under test, then once per write with the server killed just before it; each killed run is restarted over what the
 * KVP held, driven until it settles, and checked for the exactly-once invariant. Every failing write is reported
 * together (its number and the write), not only the first.
 */

/** One scenario swept. */
export interface KillSweep<Run> {
  /** Runs the scenario with the server killed before write `killAt` of the step under test (none when null). */
  run(killAt: number | null): Promise<Run>;
  /** The KVP writes of the step under test in a run (`set <key>` / `delete <key>`). */
  writesOf(run: Run): readonly string[];
  /** True when the kill fired (the server is dead). */
  killed(run: Run): boolean;
  /** Restarts over what the killed run's KVP held, drives it until settled and checks the invariant (throws). */
  recover(run: Run, at: { n: number; write: string }): Promise<void>;
}

/** What a sweep went through. */
export interface SweepReport<Run> {
  /** The clean run. */
  clean: Run;
  /** The writes of the clean run, each killed in turn. */
  writes: string[];
}

/** Sweeps every write of the scenario; throws one error listing every write whose kill broke the invariant. */
export async function sweepKills<Run>(sweep: KillSweep<Run>): Promise<SweepReport<Run>> {
  const clean = await sweep.run(null);
  const writes = [...sweep.writesOf(clean)];
  if (writes.length === 0) throw new Error('the clean run made no KVP write: nothing to sweep');
  const failures: string[] = [];
  for (let n = 1; n <= writes.length; n += 1) {
    const write = writes[n - 1] as string;
    const run = await sweep.run(n);
    if (!sweep.killed(run)) {
      failures.push(`write ${n} (${write}): the kill never fired (the run made fewer writes)`);
      continue;
    }
    try {
      await sweep.recover(run, { n, write });
    } catch (error) {
      failures.push(`write ${n} (${write}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0)
    throw new Error(
      `${failures.length} of ${writes.length} kills broke exactly-once:\n${failures.join('\n')}`,
    );
  return { clean, writes };
}
