/**
 * The points ledger as every caller sees it (`PointsBook`): the KVP ledger of one server (synchronous), or in a network
 * (`set vote_reward_store "oxmysql"`) the shared chain of `src/network/points-chain.ts` (asynchronous). Callers that
 * change points (a points reward, a purchase's debit and refund, the exports, an admin) await what `apply` answers;
 * with the KVP ledger it answers at once, so one server's paths stay synchronous as before.
 *
 * Reads: `fresh` reads the network balance now (the chain's head); `read` is synchronous for the paths that cannot wait
 * (the panel, the shop's listing): in a network it answers the head as this server last read it (at the player's join,
 * after each change made here, on each `fresh`), and starts a new read when that one is older than
 * {@link SNAPSHOT_MS}. That snapshot only shows a balance: every spend is decided by the chain itself.
 */
import { fenceKeyOf, type PointsChain } from '../network/points-chain';
import { classify, StoreError } from '../network/sql';
import { type KeyLookup, keyProblem, validDelta } from './ledger';
import type { PointsChange, PointsEntry, PointsRead, PointsResult } from './types';

/** How old a network balance `read` answers may get before it reads it again (in the background). */
export const SNAPSHOT_MS = 5_000;

/** The ledger's face to its callers (the KVP ledger is one; the network book another). */
export interface PointsBook {
  /** The balance and the newest entries; in a network, as last read (see the file's note). */
  read(license: string): PointsRead;
  /** Applies a change once per key; `beyondCap` lets a refund give back what was taken even at the cap. */
  apply(
    license: string,
    change: PointsChange & { beyondCap?: boolean },
  ): PointsResult | Promise<PointsResult>;
  /** What `key` did for `license`. */
  lookup(license: string, key: string): KeyLookup | Promise<KeyLookup>;
  /** True when the key was applied; null when that cannot be read now. */
  has(license: string, key: string): boolean | null | Promise<boolean | null>;
  /** The network balance read now (and what `read` answers next); absent on one server (`read` is current). */
  fresh?(license: string): Promise<PointsRead>;
  /**
   * Decides for good whether `key` was applied when a change's outcome is unknown (the database went away while it
   * was written): true / false, or null while the database cannot answer. Absent on one server.
   */
  settle?(license: string, key: string): Promise<boolean | null>;
  /** Why no spend may start now (the shared store failed), or null; absent on one server. */
  refuses?(): string | null;
}

/** Answers `value`'s result through `then`, synchronously when `value` is not a promise. */
export function after<T, U>(value: T | Promise<T>, then: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/** What the network book is built from. */
export interface NetworkBookOptions {
  chain: PointsChain;
  /** Why no change may start now (the store failed), or null. */
  refuses(): string | null;
  now(): number;
  /** Reports a store failure (the network part then refuses until it answers again). */
  failed?(cause: string): void;
  /** Reports a call that succeeded. */
  succeeded?(): void;
}

/** The points book of a network: the shared chain, and the snapshots `read` answers. */
export function createNetworkBook(options: NetworkBookOptions): PointsBook {
  const { chain } = options;
  const snapshots = new Map<string, { read: PointsRead; at: number }>();
  const reading = new Map<string, Promise<PointsRead>>();

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const value = await work();
      options.succeeded?.();
      return value;
    } catch (error) {
      const failure = classify(error);
      if (failure.kind === 'unreachable' || failure.kind === 'missing_table')
        options.failed?.(failure.message);
      throw failure;
    }
  };

  /** The newest read asked for each license: an older read that answers late never replaces a newer snapshot. */
  const asked = new Map<string, number>();
  let reads = 0;
  const fresh = (license: string, again = false): Promise<PointsRead> => {
    const running = reading.get(license);
    if (running && !again) return running;
    reads += 1;
    const mine = reads;
    asked.set(license, mine);
    const work = guard(() => chain.entries(license)).then((rows): PointsRead => {
      const entries: PointsEntry[] = rows
        .filter((row) => !row.key.startsWith('fence:'))
        .map((row) => ({
          key: row.key,
          delta: row.delta,
          ...(row.asked !== row.delta ? { asked: row.asked } : {}),
          reason: row.reason,
          at: row.at,
        }));
      const read: PointsRead = { ok: true, license, balance: rows.at(-1)?.balance ?? 0, entries };
      if (asked.get(license) === mine) snapshots.set(license, { read, at: options.now() });
      return read;
    });
    reading.set(license, work);
    const done = () => {
      if (reading.get(license) === work) reading.delete(license);
    };
    work.then(done, done);
    return work;
  };

  return {
    read(license) {
      const known = snapshots.get(license);
      if (!known || options.now() - known.at > SNAPSHOT_MS) fresh(license).catch(() => undefined);
      return (
        known?.read ?? {
          ok: false,
          code: 'ledger_unreadable',
          detail: 'the network balance is being read; try again in a moment',
        }
      );
    },
    fresh: (license) => fresh(license),
    refuses: () => options.refuses(),
    async apply(license, change) {
      if (keyProblem(change.key) !== null || change.key.startsWith('fence:'))
        return { ok: false, code: 'invalid_key' };
      if (!validDelta(change.delta)) return { ok: false, code: 'invalid_amount' };
      const closed = options.refuses();
      if (closed !== null) throw new StoreError('unreachable', closed);
      const result = await guard(() => chain.apply(license, change));
      if (result.ok || result.balance !== undefined) {
        const known = snapshots.get(license);
        const balance = result.balance ?? 0;
        if (known?.read.ok) snapshots.set(license, { read: { ...known.read, balance }, at: known.at });
      }
      // A read started before this change answers the balance before it: read again (the newest read wins).
      if (result.ok && result.applied) fresh(license, true).catch(() => undefined);
      return result;
    },
    async lookup(license, key) {
      try {
        const row = await guard(() => chain.find(license, key));
        return row ? { state: 'found', delta: row.delta, asked: row.asked } : { state: 'missing' };
      } catch (error) {
        return { state: 'unreadable', problem: classify(error).message };
      }
    },
    async has(license, key) {
      try {
        return (await guard(() => chain.find(license, key))) !== null;
      } catch {
        return null;
      }
    },
    async settle(license, key) {
      if (key.startsWith(fenceKeyOf(''))) return null;
      try {
        return await guard(() => chain.settle(license, key));
      } catch {
        return null;
      }
    },
  };
}
