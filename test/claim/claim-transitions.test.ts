import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareIds, JOURNAL_FORMAT, type JournalEntry, migrateEntry } from '../../src/engine/journal';
import { type ClaimEvent, claimSent, type Step, transition } from '../../src/engine/transitions';

const base = claimSent({
  id: 'c1',
  name: 'Ana',
  license: 'license:aaa',
  votedAt: '2026-01-01T10:00:00.000Z',
  rewards: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'bread', count: 2 },
  ],
  now: 1,
});
const entry = (patch: Partial<JournalEntry> = {}): JournalEntry => ({ ...base, ...patch });
const claimed = (patch: Partial<JournalEntry> = {}) => entry({ state: 'claimed', voteId: 'v1', ...patch });

/** What a step comes to, in a form a table can state: the state, problem, given, giving and before; or removed. */
const shape = (step: Step) => ({
  entry:
    step.entry === null
      ? 'removed'
      : {
          state: step.entry.state,
          problem: step.entry.problem,
          given: step.entry.given,
          giving: step.entry.giving,
          before: step.entry.before,
        },
  effect: step.effect.type === 'stop' ? { stop: step.effect.settled.code } : step.effect,
  notes: step.notes.map((note) => note.type),
});

const cases: [string, JournalEntry, ClaimEvent, ReturnType<typeof shape>][] = [
  [
    'an answered claim is claimed and paid, binding the name',
    entry(),
    { type: 'claim_answered', voteId: 'v1' },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'pay', bindName: true },
      notes: [],
    },
  ],
  [
    'a claim the API did not make is removed',
    entry(),
    { type: 'claim_not_made' },
    { entry: 'removed', effect: { stop: 'not_claimed' }, notes: [] },
  ],
  [
    'a lost answer is re-checked in unclaimed mode',
    entry(),
    { type: 'answer_lost', recheckable: true, detail: 'NetworkError: reset' },
    {
      entry: { state: 'unknown', problem: 'answer_lost', given: [false, false], giving: null, before: null },
      effect: { type: 'recheck' },
      notes: ['answer_lost'],
    },
  ],
  [
    'a lost answer waits for an admin in last24h mode',
    entry(),
    { type: 'answer_lost', recheckable: false, detail: 'NetworkError: reset' },
    {
      entry: {
        state: 'needs_admin',
        problem: 'undecidable_in_last24h_mode',
        given: [false, false],
        giving: null,
        before: null,
      },
      effect: { stop: 'needs_admin' },
      notes: ['answer_lost', 'parked_undecidable'],
    },
  ],
  [
    'a lost answer without a remembered vote waits for an admin',
    entry({ votedAt: null }),
    { type: 'answer_lost', recheckable: true, detail: 'x' },
    {
      entry: {
        state: 'needs_admin',
        problem: 'no_remembered_vote',
        given: [false, false],
        giving: null,
        before: null,
      },
      effect: { stop: 'needs_admin' },
      notes: ['answer_lost', 'parked_undecidable'],
    },
  ],
  [
    'a claiming entry found after a restart becomes unknown (problem kept) and is re-checked',
    entry(),
    { type: 'reopened', recheckable: true },
    {
      entry: { state: 'unknown', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'recheck' },
      notes: [],
    },
  ],
  [
    'a claimed entry reopened is paid without binding again',
    claimed(),
    { type: 'reopened', recheckable: true },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'pay', bindName: false },
      notes: [],
    },
  ],
  [
    'an entry waiting for an admin stays waiting when reopened',
    claimed({ state: 'needs_admin', problem: 'outcome_unknown', giving: 0 }),
    { type: 'reopened', recheckable: true },
    {
      entry: {
        state: 'needs_admin',
        problem: 'outcome_unknown',
        given: [false, false],
        giving: 0,
        before: null,
      },
      effect: { stop: 'needs_admin' },
      notes: [],
    },
  ],
  [
    'a re-check that still sees the vote removes the entry',
    entry({ state: 'unknown' }),
    { type: 'rechecked', claimed: false },
    { entry: 'removed', effect: { stop: 'not_claimed' }, notes: ['not_claimed'] },
  ],
  [
    'a re-check that no longer sees the vote makes the reward owed',
    entry({ state: 'unknown', problem: 'answer_lost' }),
    { type: 'rechecked', claimed: true },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'pay', bindName: true },
      notes: ['claimed_after_loss'],
    },
  ],
  [
    'a failed re-check leaves the entry unknown',
    entry({ state: 'unknown' }),
    { type: 'recheck_failed', detail: 'NetworkError: down' },
    {
      entry: {
        state: 'unknown',
        problem: 'recheck_failed',
        given: [false, false],
        giving: null,
        before: null,
      },
      effect: { stop: 'uncertain' },
      notes: ['recheck_failed'],
    },
  ],
  [
    'a found player with nothing being given has the capacity checked',
    claimed(),
    { type: 'player_found', verifies: true, confirms: true },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'check_capacity' },
      notes: [],
    },
  ],
  [
    'payable starts the first reward not given, recorded before its call',
    claimed({ given: [true, false] }),
    { type: 'payable' },
    {
      entry: { state: 'claimed', problem: null, given: [true, false], giving: 1, before: null },
      effect: { type: 'give', index: 1 },
      notes: [],
    },
  ],
  [
    'payable with everything given removes the entry and announces',
    claimed({ given: [true, true] }),
    { type: 'payable' },
    { entry: 'removed', effect: { type: 'announce' }, notes: [] },
  ],
  [
    'a capacity problem keeps the reward owed',
    claimed(),
    { type: 'not_payable', problem: { code: 'inventory_full', item: 'bread', count: 2 } },
    {
      entry: {
        state: 'claimed',
        problem: 'inventory_full',
        given: [false, false],
        giving: null,
        before: null,
      },
      effect: { stop: 'pending' },
      notes: [],
    },
  ],
  [
    'the reading before a paying call is recorded',
    claimed({ giving: 0 }),
    { type: 'read_before', value: 1200 },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: 0, before: 1200 },
      effect: { type: 'continue' },
      notes: [],
    },
  ],
  [
    'a given reward is recorded, then the next one follows',
    claimed({ giving: 0, before: 1200 }),
    { type: 'given' },
    {
      entry: { state: 'claimed', problem: null, given: [true, false], giving: null, before: null },
      effect: { type: 'next_reward' },
      notes: [],
    },
  ],
  [
    'a refused reward stays owed, with the framework error noted',
    claimed({ giving: 1, before: 3 }),
    { type: 'refused', problem: { code: 'framework_error', detail: 'no item' } },
    {
      entry: {
        state: 'claimed',
        problem: 'framework_error',
        given: [false, false],
        giving: null,
        before: null,
      },
      effect: { stop: 'pending' },
      notes: ['not_given_yet'],
    },
  ],
  [
    'a reward that may have been given waits for an admin',
    claimed({ giving: 0, before: 1200 }),
    { type: 'maybe_given', detail: 'timeout' },
    {
      entry: {
        state: 'needs_admin',
        problem: 'outcome_unknown',
        given: [false, false],
        giving: 0,
        before: 1200,
      },
      effect: { stop: 'needs_admin' },
      notes: ['parked_unknown'],
    },
  ],
  [
    'an interrupted payout of a 0.1.0 entry (nothing read) waits for an admin',
    claimed({ giving: 0, before: 'unrecorded' }),
    { type: 'player_found', verifies: true, confirms: true },
    {
      entry: {
        state: 'needs_admin',
        problem: 'payout_interrupted',
        given: [false, false],
        giving: 0,
        before: 'unrecorded',
      },
      effect: { stop: 'needs_admin' },
      notes: ['parked_interrupted'],
    },
  ],
  [
    'an interrupted payout of a custom reward (nothing to read) waits for an admin',
    claimed({ giving: 0, before: null }),
    { type: 'player_found', verifies: false, confirms: true },
    {
      entry: {
        state: 'needs_admin',
        problem: 'payout_interrupted',
        given: [false, false],
        giving: 0,
        before: null,
      },
      effect: { stop: 'needs_admin' },
      notes: ['parked_interrupted'],
    },
  ],
  [
    'an interrupted payout whose reading was never taken had not started: paid now',
    claimed({ giving: 0, before: null }),
    { type: 'player_found', verifies: true, confirms: true },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: null, before: null },
      effect: { type: 'check_capacity' },
      notes: ['resumed'],
    },
  ],
  [
    'an interrupted payout with a reading is read again',
    claimed({ giving: 1, before: 4 }),
    { type: 'player_found', verifies: true, confirms: true },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: 1, before: 4 },
      effect: { type: 'confirm', index: 1, before: 4 },
      notes: [],
    },
  ],
  [
    'an interrupted payout an adapter cannot read waits for an admin',
    claimed({ giving: 1, before: 4 }),
    { type: 'player_found', verifies: true, confirms: false },
    {
      entry: {
        state: 'needs_admin',
        problem: 'payout_interrupted',
        given: [false, false],
        giving: 1,
        before: 4,
      },
      effect: { stop: 'needs_admin' },
      notes: ['parked_interrupted'],
    },
  ],
  [
    'a reading that moved by the amount marks the reward given',
    claimed({ giving: 1, before: 4 }),
    { type: 'resumed', given: true, detail: 'did happen' },
    {
      entry: { state: 'claimed', problem: null, given: [false, true], giving: null, before: null },
      effect: { type: 'check_capacity' },
      notes: ['resumed'],
    },
  ],
  [
    'an unreadable interrupted payout is tried later, unchanged',
    claimed({ giving: 1, before: 4 }),
    { type: 'confirm_later', problem: { code: 'framework_error', detail: 'ox down' } },
    {
      entry: { state: 'claimed', problem: null, given: [false, false], giving: 1, before: 4 },
      effect: { stop: 'pending' },
      notes: ['unreadable'],
    },
  ],
  [
    'an admin grant makes the reward owed again from the reward that may have been given',
    claimed({ state: 'needs_admin', problem: 'outcome_unknown', given: [true, false], giving: 1, before: 4 }),
    { type: 'granted' },
    {
      entry: {
        state: 'claimed',
        problem: 'granted_by_admin',
        given: [true, false],
        giving: null,
        before: null,
      },
      effect: { type: 'pay', bindName: true },
      notes: ['granted'],
    },
  ],
  [
    'an admin drop removes the entry: nothing more is paid',
    claimed({ state: 'needs_admin', problem: 'outcome_unknown', giving: 0, before: 4 }),
    { type: 'dropped' },
    { entry: 'removed', effect: { stop: 'dropped' }, notes: ['dropped'] },
  ],
];

describe('claim transitions', () => {
  it.each(cases)('%s', (_name, from, event, expected) => {
    const frozen = structuredClone(from);
    expect(shape(transition(from, event))).toEqual(expected);
    expect(from).toEqual(frozen);
  });

  it('returns the same entry when a repeated problem changes nothing (no journal write)', () => {
    const waiting = claimed({ problem: 'player_not_loaded' });
    expect(transition(waiting, { type: 'not_payable', problem: { code: 'player_not_loaded' } }).entry).toBe(
      waiting,
    );
    const rechecking = entry({ state: 'unknown', problem: 'recheck_failed' });
    expect(transition(rechecking, { type: 'recheck_failed', detail: 'x' }).entry).toBe(rechecking);
  });
});

const SNAPSHOTS = path.join(import.meta.dirname, '..', 'upgrade', 'snapshots-0.1.0');

/** Every journal entry the 0.1.0 bundle left in the committed snapshots. */
const entries010 = fs.readdirSync(SNAPSHOTS).flatMap((file) => {
  const snapshot = JSON.parse(fs.readFileSync(path.join(SNAPSHOTS, file), 'utf8')) as {
    kvp: Record<string, { v: string }>;
  };
  return Object.entries(snapshot.kvp)
    .filter(([key]) => key.startsWith('claim:'))
    .map(([key, value]): [string, Record<string, unknown>] => [`${file} ${key}`, JSON.parse(value.v)]);
});

describe('journal format', () => {
  it('the 0.1.0 snapshots hold entries to migrate', () => {
    expect(entries010.length).toBeGreaterThan(5);
  });

  it.each(entries010)('migrates the 0.1.0 entry %s without changing what it says', (_key, raw) => {
    const migrated = migrateEntry(raw);
    if (typeof migrated === 'string') throw new Error(migrated);
    expect(migrated).toEqual({
      ...raw,
      format: JOURNAL_FORMAT,
      before: raw.giving === null ? null : 'unrecorded',
      award: null,
      recorded: false,
      draws: [],
    });
  });

  it.each([
    [
      'a 0.1.0 entry in the middle of a payout read nothing',
      { giving: 0 },
      { giving: 0, before: 'unrecorded' },
    ],
    ['a 0.1.0 entry between payouts has nothing to read', { giving: null }, { giving: null, before: null }],
    ['an entry with a reading keeps it', { giving: 1, before: 42 }, { giving: 1, before: 42 }],
    [
      'an entry whose call had not started keeps null',
      { giving: 1, before: null },
      { giving: 1, before: null },
    ],
    ['an unknown problem is dropped, the claim kept', { problem: 'gremlins' }, { problem: null }],
  ])('%s', (_name, patch, expected) => {
    const { format: _format, before: _before, ...old } = entry();
    const migrated = migrateEntry({ ...old, ...patch });
    expect(migrated).toMatchObject({ format: JOURNAL_FORMAT, ...expected });
  });

  it.each([
    ['not JSON object', 'x', 'not an object'],
    ['no id', { state: 'claimed', rewards: [] }, 'missing fields'],
    ['an unknown state', { ...entry(), state: 'paid' }, 'unknown state paid'],
    ['a newer format', { ...entry(), format: 4 }, 'unknown format 4'],
  ])('refuses %s, saying why', (_name, raw, why) => {
    expect(migrateEntry(raw)).toBe(why);
  });

  it('reads back what it writes unchanged', () => {
    const written = claimed({ giving: 1, before: 7, problem: 'outcome_unknown', state: 'needs_admin' });
    expect(migrateEntry(JSON.parse(JSON.stringify(written)))).toEqual(written);
  });
});

describe('journal order', () => {
  it.each([
    ['a:party:2026-11:5:license:a', 'a:party:2026-11:10:license:a', -1],
    ['a:party:2026-11:10:license:a', 'a:party:2026-11:5:license:a', 1],
    ['a:party:2026-11:10:license:a', 'a:party:2026-11:10:license:b', -1],
    ['a:top:2026-11:2:x', 'a:top:2026-11:2:x', 0],
    ['cmbf1f9de1', 'cmbf1f9de2', -1],
    ['a:first:x', 'a:first:x:y', -1],
  ])('compareIds(%s, %s) has the sign of %i (runs of digits compared as numbers)', (a, b, sign) => {
    expect(Math.sign(compareIds(a, b))).toBe(sign);
  });
});
