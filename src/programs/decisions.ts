/**
 * "Decide once", the procedure the vote party and the month's top voters share: write the decision record, create its
 * awards (deterministic ids: an award already open or settled is not created again), then write the progress mark; at
 * start, finish every decision whose progress mark is missing. A crash between two steps therefore finishes the same
 * decision (same players, same award ids), never a second one. Records are read through their zod schema: one that
 * does not pass is reported once and left as is, and nothing is decided over it.
 */
import type { z } from 'zod';
import type { AwardSpec } from '../domain/types';
import type { KvpStore, Runtime } from '../runtime/runtime';
import { readRecord, writeRecord } from '../store/record';

/** What a program tells the helper about its decisions. */
export interface DecideOnceOptions<D> {
  kvp: Pick<KvpStore, 'get' | 'set' | 'keys'>;
  log: Pick<Runtime['log'], 'error'>;
  /** The program, for log lines (`vote party`). */
  what: string;
  schema: z.ZodType<D>;
  /** The awards a decision gives. */
  awardsOf(decision: D): AwardSpec[];
  /** Creates one award (the award store's `create`). */
  createAward(spec: AwardSpec): unknown;
  /** Whether the decision's progress mark is written. */
  marked(decision: D): boolean;
  /** Writes the decision's progress mark. */
  mark(decision: D): void;
}

/** The decisions of one program. */
export interface DecideOnce<D> {
  /** The valid record at `key`, or null (missing or unreadable). */
  read(key: string): D | null;
  /**
   * Decides `key` once: writes `make()` when no record exists, then its awards, then its mark. Answers the decision and
   * whether this call made it; null when the stored record is unreadable (reported once, left as is).
   */
  decide(key: string, make: () => D): { decision: D; fresh: boolean } | null;
  /** Finishes the decisions under `prefix` whose mark is missing (their awards, then the mark); answers them. */
  finishOpen(prefix: string): D[];
}

/** Creates the helper for one program. */
export function createDecideOnce<D>(options: DecideOnceOptions<D>): DecideOnce<D> {
  const { kvp, schema } = options;
  const reported = new Set<string>();

  const load = (key: string): { state: 'missing' } | { state: 'valid'; value: D } | null => {
    const found = readRecord(kvp, key, schema);
    if (found.state !== 'unreadable') return found;
    if (!reported.has(key)) {
      reported.add(key);
      options.log.error(
        `${options.what}: ${found.problem}; left as is and not decided again (its awards, if any, are in votereward pending)`,
      );
    }
    return null;
  };

  const complete = (decision: D) => {
    for (const award of options.awardsOf(decision)) options.createAward(award);
    if (!options.marked(decision)) options.mark(decision);
  };

  return {
    read(key) {
      const found = load(key);
      return found?.state === 'valid' ? found.value : null;
    },
    decide(key, make) {
      const found = load(key);
      if (!found) return null;
      if (found.state === 'valid') {
        complete(found.value);
        return { decision: found.value, fresh: false };
      }
      const decision = make();
      writeRecord(kvp, key, decision);
      complete(decision);
      return { decision, fresh: true };
    },
    finishOpen(prefix) {
      const finished: D[] = [];
      for (const key of kvp.keys(prefix)) {
        const found = load(key);
        if (found?.state !== 'valid' || options.marked(found.value)) continue;
        complete(found.value);
        finished.push(found.value);
      }
      return finished;
    },
  };
}
