import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorkingCopy,
  type Dataset,
  extendClaimPool,
  HOT_SERVER_ID,
  type WorkingCopy,
} from '../../bench/lib/dataset';
import { createStore, openDatabase } from '../../mock-server/db';
import { T0 } from './helpers';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A one-server dataset file, standing in for a generated benchmark dataset. */
function tinyDataset(): Dataset {
  const dir = mkdtempSync(join(tmpdir(), 'claim-pool-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'dataset.sqlite');
  const db = openDatabase(file);
  createStore(db, { now: () => T0 }).servers.create({ name: 'Hot', game: 'fivem' });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return {
    file,
    votes: 0,
    generatedAt: T0,
    hotServerVotes: 0,
    checkUsernames: [],
    buildSeconds: 0,
    cached: true,
  };
}

function copyOf(dataset: Dataset, pool: number): WorkingCopy {
  const copy = createWorkingCopy(dataset, `pooltest${pool}`, pool, () => T0);
  cleanups.push(copy.remove);
  return copy;
}

describe('claim pool of the HTTP claim benchmark', () => {
  it('extendClaimPool adds distinct claimable players while another connection (the mock) holds the copy open', () => {
    const copy = copyOf(tinyDataset(), 3);
    const served = openDatabase(copy.file);
    try {
      const mock = createStore(served, { now: () => T0 });
      expect(mock.votes.claimOldest(HOT_SERVER_ID, copy.claimUsernames[0] as string)).not.toBeNull();
      extendClaimPool(copy, 4, () => T0);
      expect(copy.claimUsernames).toHaveLength(7);
      expect(new Set(copy.claimUsernames).size).toBe(7);
      const claimed = copy.claimUsernames
        .slice(1)
        .map((name) => mock.votes.claimOldest(HOT_SERVER_ID, name)?.username);
      expect(claimed).toEqual(copy.claimUsernames.slice(1));
      expect(mock.votes.claimOldest(HOT_SERVER_ID, `Claimer_${copy.label}_past_pool`)).toBeNull();
    } finally {
      served.close();
    }
  });

  it('extendClaimPool with a count of zero or less adds nothing', () => {
    const copy = copyOf(tinyDataset(), 2);
    for (const count of [0, -5]) extendClaimPool(copy, count, () => T0);
    expect(copy.claimUsernames).toEqual([`Claimer_${copy.label}_0`, `Claimer_${copy.label}_1`]);
  });
});
