import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { createJournal, JOURNAL_PREFIX, type JournalEntry } from '../../src/engine/journal';
import { awardOpened, claimSent } from '../../src/engine/transitions';

const entry = (patch: Partial<JournalEntry> = {}): JournalEntry => ({
  ...claimSent({
    id: 'c1',
    name: 'Ana',
    license: 'license:aaa',
    votedAt: null,
    rewards: [{ type: 'money', amount: 500 }],
    now: 1,
  }),
  state: 'claimed',
  voteId: 'v1',
  ...patch,
});

/** A journal over a KVP holding `text` at `claim:c1`, and what it reported as unreadable. */
const journalOver = (text: string) => {
  const runtime = createFakeRuntime({ kvp: new Map([[`${JOURNAL_PREFIX}c1`, text]]) });
  const corrupt: string[] = [];
  const journal = createJournal({
    kvp: runtime.kvp,
    now: runtime.now,
    onCorrupt: (key, detail) => corrupt.push(`${key}: ${detail}`),
  });
  return { runtime, journal, corrupt };
};

describe('journal entries read through their schema', () => {
  it.each<[string, unknown, string]>([
    ['an entry stored under another id', entry({ id: 'c2' }), 'it holds the entry "c2"'],
    [
      'a reward without its item',
      entry({ rewards: [{ type: 'item', count: 1 } as never] }),
      'rewards.0.item',
    ],
    [
      'an amount written as text',
      entry({ rewards: [{ type: 'money', amount: '5' as never }] }),
      'rewards.0.amount',
    ],
    ['a reward of no known type', entry({ rewards: [{ type: 'car' } as never] }), 'rewards.0'],
    ['given and rewards that do not match', entry({ given: [false, false] }), 'given'],
    ['a negative reward index in flight', entry({ giving: -1 }), 'giving'],
    ['an award of no known program', entry({ award: { program: 'lottery' } as never }), 'award'],
    ['not JSON', '{', 'claim:c1: is not JSON'],
  ])('leaves %s as is and reports it', (_name, stored, detail) => {
    const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
    const { runtime, journal, corrupt } = journalOver(text);
    expect(journal.all()).toEqual([]);
    expect(journal.get('c1')).toBeUndefined();
    expect(journal.stored('c1')).toBe(true);
    expect(corrupt[0]).toContain(detail);
    expect(corrupt[0]?.startsWith(`${JOURNAL_PREFIX}c1: `)).toBe(true);
    expect(corrupt[0]).not.toMatch(/^claim:c1: claim:c1/);
    expect(runtime.kvpData.get(`${JOURNAL_PREFIX}c1`)).toBe(text);
  });

  it('reads back what it writes', () => {
    const { journal } = journalOver(JSON.stringify(entry()));
    expect(journal.get('c1')).toEqual(entry());
  });
});

describe('one constructor of journal entries', () => {
  it('an award is owed at once, recorded, with its draw; a vote starts claiming, not yet recorded', () => {
    const info = { program: 'milestone' as const, value: 5, month: null, voteRef: 'v1' };
    const drawn = {
      rewards: [{ type: 'bank' as const, amount: 50 }],
      draws: [{ entry: 0, roll: 12, pick: null }],
    };
    const award = awardOpened({ id: 'a:m:1', name: 'Ana', license: 'license:aaa', info }, drawn, 7);
    expect(award).toEqual({
      ...claimSent({ id: 'a:m:1', name: 'Ana', license: 'license:aaa', votedAt: null, ...drawn, now: 7 }),
      state: 'claimed',
      award: info,
      recorded: true,
    });
    expect(award.rewards).not.toBe(drawn.rewards);
    expect(entry()).toMatchObject({
      award: null,
      recorded: false,
      given: [false],
      giving: null,
      before: null,
    });
  });
});
