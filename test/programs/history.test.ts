import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { programsFor } from '../../devkit/fakes/engine-kit';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { configSchema } from '../../src/config/schema';
import { createCalendar } from '../../src/domain/calendar';
import { createEventChannel } from '../../src/domain/events';
import { HISTORY_MONTHS, HISTORY_RECENT, type VoteHistory } from '../../src/domain/types';
import type { JournalEntry } from '../../src/engine/journal';
import { claimSent } from '../../src/engine/transitions';
import {
  boundHistory,
  countedAt,
  createHistoryStore,
  freshHistory,
  HISTORY_PREFIX,
} from '../../src/programs/history';

const calendar = createCalendar('UTC');

const history = (license: string, name: string, months: Record<string, [number, number]>): VoteHistory => ({
  ...freshHistory(license, name),
  total: Object.values(months).reduce((sum, [votes]) => sum + votes, 0),
  months: Object.fromEntries(Object.entries(months).map(([month, [votes]]) => [month, votes])),
  monthReachedAt: Object.fromEntries(Object.entries(months).map(([month, [, at]]) => [month, at])),
});

const store = (kvp = createFakeRuntime().kvp, onCorrupt?: (key: string) => void) =>
  createHistoryStore({ kvp, calendar, onCorrupt });

describe('boundHistory', () => {
  it(`keeps the last ${HISTORY_MONTHS} months and their reach times, and the last ${HISTORY_RECENT} refs`, () => {
    const months: Record<string, number> = {};
    const reached: Record<string, number> = {};
    let month = '2026-12';
    for (let i = 0; i < 20; i += 1) {
      months[month] = i + 1;
      reached[month] = 1000 + i;
      month = calendar.previousMonth(month);
    }
    const recent = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const bounded = boundHistory({
      ...freshHistory('license:a', 'A'),
      months,
      monthReachedAt: reached,
      recent,
    });
    const kept = Object.keys(bounded.months).sort();
    expect(kept).toHaveLength(HISTORY_MONTHS);
    expect(kept[0]).toBe('2025-12');
    expect(kept.at(-1)).toBe('2026-12');
    expect(bounded.months['2026-12']).toBe(1);
    expect(Object.keys(bounded.monthReachedAt).sort()).toEqual(kept);
    expect(bounded.recent).toEqual(recent.slice(-HISTORY_RECENT));
    expect(bounded.recent.at(-1)).toBe('v29');
  });

  it('leaves a small history as it is', () => {
    const small = { ...history('license:a', 'A', { '2026-11': [2, 5] }), recent: ['v1', 'v2'] };
    expect(boundHistory(small)).toEqual(small);
  });

  it('keeps a stored history bounded after many votes', () => {
    const runtime = createFakeRuntime();
    const histories = store(runtime.kvp);
    let current = freshHistory('license:a', 'A');
    let month = '2024-01';
    for (let i = 0; i < 30; i += 1) {
      current = {
        ...current,
        total: current.total + 1,
        months: { ...current.months, [month]: 1 },
        monthReachedAt: { ...current.monthReachedAt, [month]: i },
        recent: [...current.recent, `v${i}`],
      };
      histories.put(current);
      current = histories.get('license:a');
      month = calendar.addDays(`${month}-01`, 32).slice(0, 7);
    }
    const stored = JSON.parse(runtime.kvp.get(`${HISTORY_PREFIX}license:a`) ?? '{}') as VoteHistory;
    expect(Object.keys(stored.months)).toHaveLength(HISTORY_MONTHS);
    expect(stored.recent).toHaveLength(HISTORY_RECENT);
    expect(stored.total).toBe(30);
  });
});

describe('history store', () => {
  it('answers a fresh history for an unknown license, and stores what is put durably', () => {
    const runtime = createFakeRuntime();
    const histories = store(runtime.kvp);
    expect(histories.has('license:a')).toBe(false);
    expect(histories.get('license:a')).toEqual(freshHistory('license:a', ''));
    const ana = history('license:a', 'Ana', { '2026-11': [3, 10] });
    histories.put(ana);
    expect(histories.has('license:a')).toBe(true);
    expect(histories.count()).toBe(1);
    const reopened = store(createFakeRuntime({ kvp: runtime.snapshot() }).kvp);
    expect(reopened.get('license:a')).toEqual(ana);
    expect(reopened.top('2026-11', 10)).toEqual([{ rank: 1, license: 'license:a', name: 'Ana', votes: 3 }]);
  });

  it.each([
    ['not JSON', '{nope'],
    ['JSON null', 'null'],
    ['another format', JSON.stringify({ ...freshHistory('license:b', 'B'), format: 2 })],
    ['no license', JSON.stringify({ ...freshHistory('license:b', 'B'), license: 7 })],
    ['no months', JSON.stringify({ format: 1, license: 'license:b', name: 'B', total: 3 })],
    ['months as a list', JSON.stringify({ ...freshHistory('license:b', 'B'), total: 1, months: [1] })],
    ['no streak', JSON.stringify({ ...freshHistory('license:b', 'B'), streak: null })],
    ['no recent refs', JSON.stringify({ ...freshHistory('license:b', 'B'), recent: 'v1' })],
  ])(
    'reports a corrupt entry (%s) by key, leaves it as it is and still serves the others',
    (_label, text) => {
      const runtime = createFakeRuntime();
      runtime.kvp.set(
        `${HISTORY_PREFIX}license:a`,
        JSON.stringify(history('license:a', 'Ana', { '2026-11': [2, 1] })),
      );
      runtime.kvp.set(`${HISTORY_PREFIX}license:b`, text);
      const corrupt: string[] = [];
      const histories = store(runtime.kvp, (key) => corrupt.push(key));
      expect(corrupt).toEqual([`${HISTORY_PREFIX}license:b`]);
      expect(runtime.kvp.get(`${HISTORY_PREFIX}license:b`)).toBe(text);
      expect(histories.count()).toBe(1);
      expect(histories.top('2026-11', 10)).toEqual([
        { rank: 1, license: 'license:a', name: 'Ana', votes: 2 },
      ]);
      expect(histories.find('B')).toBeNull();
    },
  );

  it('finds a player by license or by the last name seen, whatever the case', () => {
    const histories = store();
    histories.put(history('license:a', 'Ana', {}));
    histories.put(history('license:b', 'Bruno', {}));
    histories.put({ ...history('license:b', 'Bruno', {}), name: 'Bruna' });
    expect(histories.find('license:a')?.name).toBe('Ana');
    expect(histories.find('ANA')?.license).toBe('license:a');
    expect(histories.find('bruna')?.license).toBe('license:b');
    expect(histories.find('Bruno')).toBeNull();
    expect(histories.find('license:zzz')).toBeNull();
  });
});

describe('history store: top and rankOf', () => {
  const month = '2026-11';
  const filled = () => {
    const histories = store();
    histories.put(history('license:a', 'Ana', { [month]: [5, 3000], '2026-10': [9, 1] }));
    histories.put(history('license:b', 'Bo', { [month]: [7, 5000] }));
    // Cy and Di both have 5 in November: Di reached 5 first.
    histories.put(history('license:c', 'Cy', { [month]: [5, 4000] }));
    histories.put(history('license:d', 'Di', { [month]: [5, 2000] }));
    histories.put(history('license:e', 'Ed', { '2026-10': [2, 1] }));
    return histories;
  };

  it('ranks most votes first, ties to who reached the count first', () => {
    expect(filled().top(month, 10)).toEqual([
      { rank: 1, license: 'license:b', name: 'Bo', votes: 7 },
      { rank: 2, license: 'license:d', name: 'Di', votes: 5 },
      { rank: 3, license: 'license:a', name: 'Ana', votes: 5 },
      { rank: 4, license: 'license:c', name: 'Cy', votes: 5 },
    ]);
  });

  it('ranks each month on its own and leaves out players without a vote in it', () => {
    const histories = filled();
    expect(histories.top('2026-10', 10).map((line) => [line.name, line.votes])).toEqual([
      ['Ana', 9],
      ['Ed', 2],
    ]);
    expect(histories.top('2026-09', 10)).toEqual([]);
  });

  it('answers the first n only', () => {
    expect(
      filled()
        .top(month, 2)
        .map((line) => line.name),
    ).toEqual(['Bo', 'Di']);
  });

  it('with the same count at the same instant, the order is still fixed (by license)', () => {
    const histories = store();
    histories.put(history('license:z', 'Zed', { [month]: [1, 100] }));
    histories.put(history('license:m', 'Mo', { [month]: [1, 100] }));
    expect(histories.top(month, 10).map((line) => line.license)).toEqual(['license:m', 'license:z']);
  });

  it("gives a player's own place, or null without a vote that month", () => {
    const histories = filled();
    expect(histories.rankOf('license:c', month)).toEqual({
      rank: 4,
      license: 'license:c',
      name: 'Cy',
      votes: 5,
    });
    expect(histories.rankOf('license:e', month)).toBeNull();
    expect(histories.rankOf('license:nobody', month)).toBeNull();
  });

  it('follows a put: a new vote that passes the others moves the player up', () => {
    const histories = filled();
    const cy = histories.get('license:c');
    histories.put({
      ...cy,
      months: { ...cy.months, [month]: 8 },
      monthReachedAt: { ...cy.monthReachedAt, [month]: 6000 },
    });
    expect(histories.rankOf('license:c', month)?.rank).toBe(1);
    expect(histories.top(month, 2).map((line) => line.name)).toEqual(['Cy', 'Bo']);
  });
});

describe('history store: a record must agree with its key', () => {
  it('leaves a history stored under one license that names another unreadable, and never writes through it', () => {
    const runtime = createFakeRuntime();
    const copied = JSON.stringify(history('license:h9', 'Nine', { '2026-11': [7, 5] }));
    runtime.kvp.set(`${HISTORY_PREFIX}license:h2`, copied);
    const corrupt: string[] = [];
    const histories = store(runtime.kvp, (key) => corrupt.push(key));
    expect(corrupt).toEqual([`${HISTORY_PREFIX}license:h2`]);
    expect(histories.unreadable('license:h2')).toBe(true);
    expect(histories.has('license:h9')).toBe(false);
    expect(histories.top('2026-11', 10)).toEqual([]);
    expect(() => histories.put(history('license:h2', 'Two', {}))).toThrow(/unreadable/);
    expect(runtime.kvp.get(`${HISTORY_PREFIX}license:h2`)).toBe(copied);
  });

  it("a vote of the key's player is paid but counted nowhere: not in the history the record names", () => {
    const runtime = createFakeRuntime({ clock: createFakeClock(Date.parse('2026-11-21T10:00:00.000Z')) });
    const copied = JSON.stringify(history('license:h9', 'Nine', { '2026-11': [7, 5] }));
    runtime.kvp.set(`${HISTORY_PREFIX}license:h2`, copied);
    const programs = programsFor({
      config: configSchema.parse({}),
      runtime,
      events: createEventChannel(),
    });
    programs.record(vote('license:h2', 'Two', runtime.now()));
    expect(runtime.kvp.get(`${HISTORY_PREFIX}license:h9`)).toBeNull();
    expect(runtime.kvp.get(`${HISTORY_PREFIX}license:h2`)).toBe(copied);
    expect(runtime.logs.map((l) => l.message)).toContainEqual(expect.stringContaining('is not counted'));
  });
});

describe('history store: junk month keys', () => {
  it.each([['9999-99'], ['zz'], ['2026-13'], ['2026-00'], ['2026-1'], ['']])(
    'drops the month key %j on read, and it is gone after the next write',
    (junk) => {
      const runtime = createFakeRuntime();
      const stored = {
        ...history('license:a', 'Ana', { '2026-11': [2, 5] }),
        months: { '2026-11': 2, [junk]: 99 },
        monthReachedAt: { '2026-11': 5, [junk]: 1 },
      };
      runtime.kvp.set(`${HISTORY_PREFIX}license:a`, JSON.stringify(stored));
      const histories = store(runtime.kvp);
      const read = histories.get('license:a');
      expect(read.months).toEqual({ '2026-11': 2 });
      expect(read.monthReachedAt).toEqual({ '2026-11': 5 });
      expect(histories.top(junk, 10)).toEqual([]);
      histories.put({ ...read, total: read.total + 1 });
      const written = JSON.parse(runtime.kvp.get(`${HISTORY_PREFIX}license:a`) ?? '{}') as VoteHistory;
      expect(Object.keys(written.months)).toEqual(['2026-11']);
      expect(Object.keys(written.monthReachedAt)).toEqual(['2026-11']);
    },
  );

  it('drops junk month keys that a writer passes to put (boundHistory)', () => {
    const bounded = boundHistory({ ...freshHistory('license:a', 'A'), months: { zz: 1, '2026-11': 1 } });
    expect(bounded.months).toEqual({ '2026-11': 1 });
  });
});

describe('history clock rule: a vote never counts in a month before the last vote recorded', () => {
  const NOV = Date.parse('2026-11-21T10:00:00.000Z');
  it.each<[string, number, Record<string, number>]>([
    [
      'a clock set back a month counts the vote in the last vote’s month',
      Date.parse('2026-10-21T10:00:00.000Z'),
      { '2026-11': 2 },
    ],
    ['a clock set back a year likewise', Date.parse('2025-11-21T10:00:00.000Z'), { '2026-11': 2 }],
    ['a clock set back an hour in the same month changes nothing', NOV - 3_600_000, { '2026-11': 2 }],
    [
      'a clock that moves on counts the vote in its own month',
      Date.parse('2026-12-01T00:00:00.000Z'),
      { '2026-11': 1, '2026-12': 1 },
    ],
  ])('%s', (_name, claimedAt, months) => {
    const runtime = createFakeRuntime({ clock: createFakeClock(NOV) });
    const programs = programsFor({
      config: configSchema.parse({}),
      runtime,
      events: createEventChannel(),
    });
    programs.record(vote('license:a', 'Ana', NOV, 'c1'));
    programs.record(vote('license:a', 'Ana', claimedAt, 'c2'));
    const after = programs.history.get('license:a');
    expect(after.months).toEqual(months);
    expect(after.total).toBe(2);
    expect(after.lastVoteAt).toBe(Math.max(NOV, claimedAt));
  });

  it.each([
    [{ lastVoteAt: null }, 5_000, 5_000],
    [{ lastVoteAt: 4_000 }, 5_000, 5_000],
    [{ lastVoteAt: 6_000 }, 5_000, 6_000],
  ])('countedAt(%j, %i) is %i', (patch, at, expected) => {
    expect(countedAt({ ...freshHistory('license:a', 'A'), ...patch }, at)).toBe(expected);
  });
});

describe('history store: the month rankings kept up to date', () => {
  const reference = (histories: Map<string, VoteHistory>, month: string) =>
    [...histories.values()]
      .filter((h) => (h.months[month] ?? 0) > 0)
      .sort(
        (a, b) =>
          (b.months[month] ?? 0) - (a.months[month] ?? 0) ||
          (a.monthReachedAt[month] ?? 0) - (b.monthReachedAt[month] ?? 0) ||
          a.license.localeCompare(b.license),
      )
      .map((h, i) => ({ rank: i + 1, license: h.license, name: h.name, votes: h.months[month] ?? 0 }));

  it('answers top and rankOf as a full sort of every history would, after any sequence of writes and reloads', () => {
    const write = fc.record({
      license: fc.constantFrom('license:a', 'license:b', 'license:c', 'license:d', 'license:e'),
      name: fc.constantFrom('Ana', 'Bo', 'Cy'),
      month: fc.constantFrom('2026-10', '2026-11'),
      votes: fc.integer({ min: 0, max: 4 }),
      at: fc.integer({ min: 0, max: 3 }),
      reload: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 40 }), (writes) => {
        const runtime = createFakeRuntime();
        let histories = store(runtime.kvp);
        const expected = new Map<string, VoteHistory>();
        for (const w of writes) {
          const before = expected.get(w.license) ?? freshHistory(w.license, w.name);
          const next = {
            ...before,
            name: w.name,
            months: { ...before.months, [w.month]: w.votes },
            monthReachedAt: { ...before.monthReachedAt, [w.month]: w.at },
          };
          if (w.reload) {
            // Another writer (the programs before a reload): this store follows it on the next read.
            runtime.kvp.set(`${HISTORY_PREFIX}${w.license}`, JSON.stringify(next));
            histories.get(w.license);
          } else histories.put(next);
          expected.set(w.license, next);
          if (w.at === 3) histories = store(runtime.kvp);
        }
        for (const month of ['2026-10', '2026-11']) {
          const full = reference(expected, month);
          expect(histories.top(month, 3)).toEqual(full.slice(0, 3));
          for (const license of expected.keys())
            expect(histories.rankOf(license, month)).toEqual(full.find((l) => l.license === license) ?? null);
        }
      }),
    );
  });
});

/** A claimed vote's journal entry, as the claim flow hands it to `record`. */
function vote(license: string, name: string, at: number, id = 'c1'): JournalEntry {
  return {
    ...claimSent({ id, name, license, votedAt: null, rewards: [], now: at }),
    state: 'claimed',
    voteId: `v-${id}`,
  };
}
