import { describe, expect, it } from 'vitest';
import {
  awardPayouts,
  bootWorld,
  createShared,
  online,
  type ProgramsWorld,
  type Shared,
  toldTo,
} from '../../devkit/worlds/programs-world';
import { freshHistory } from '../../src/programs/history';
import { TOP_LAST_MONTH_KEY, topVotersOf } from '../../src/programs/top';

const MIN = 60_000;
// No /vote/count reads in these worlds (no poller, no party): the month change is decided on the clock alone, never
// moving back (clock-jumps.test.ts covers the month confirmed by the API's counter).
const TOP = {
  poll: { enabled: false },
  topVoters: {
    enabled: true,
    awards: [
      { rank: 1, reward: { type: 'money', amount: 5000 } },
      { rank: 2, reward: { type: 'item', item: 'bread', count: 3 } },
    ],
  },
};
const PLAYERS = { 1: ['Ana', 'license:a'], 2: ['Bo', 'license:b'], 3: ['Cy', 'license:c'] } as const;
const NOV_30_22H = Date.parse('2026-11-30T22:00:00.000Z');

const boot = (shared: Shared, kvp?: Map<string, string>, sources: (1 | 2 | 3)[] = [1, 2, 3]) => {
  const w = bootWorld(shared, TOP, { kvp });
  for (const source of sources) {
    const [name, license] = PLAYERS[source];
    online(w, source, name, license);
  }
  return w;
};

/** One vote of `source` in the mock, claimed through the real claim flow (recorded in the history). */
const vote = async (w: ProgramsWorld, source: 1 | 2 | 3) => {
  w.api.addVote(PLAYERS[source][0], w.clock.now());
  expect((await w.flow.claim(source)).code).toBe('rewarded');
  await w.clock.advance(11_000);
};

/** Ana 2, Bo 2 (Bo reached 2 first), Cy 1, all in November, with the program started before them. */
const novemberWorld = async () => {
  const shared = createShared(NOV_30_22H);
  const w = boot(shared);
  w.top?.start();
  for (const source of [1, 2, 2, 1, 3] as const) await vote(w, source);
  return w;
};

const decided = (w: ProgramsWorld) =>
  w.heard.filter(([name]) => name === 'monthDecided').map(([, payload]) => payload);

const RANKING = [
  { rank: 1, license: 'license:b', name: 'Bo', votes: 2 },
  { rank: 2, license: 'license:a', name: 'Ana', votes: 2 },
  { rank: 3, license: 'license:c', name: 'Cy', votes: 1 },
];

describe('top voters: month-end decision', () => {
  it('decides the month once at the change (ties to who reached the count first), pays online winners now and offline ones on join', async () => {
    const w = await novemberWorld();
    expect(w.runtime.kvp.get(TOP_LAST_MONTH_KEY)).toBe('2026-11');
    w.runtime.drop(2);
    w.runtime.told.length = 0;
    await w.clock.advance(2 * 3_600_000);
    expect(decided(w)).toEqual([{ month: '2026-11', winners: RANKING }]);
    expect(w.top?.decision('2026-11')).toMatchObject({
      month: '2026-11',
      ranking: RANKING,
      awards: [
        { rank: 1, license: 'license:b', id: 'a:top:2026-11:1:license:b' },
        { rank: 2, license: 'license:a', id: 'a:top:2026-11:2:license:a' },
      ],
    });
    expect(w.runtime.kvp.get(TOP_LAST_MONTH_KEY)).toBe('2026-12');
    expect(awardPayouts(w.adapter, 'a:top:')).toEqual(['a:top:2026-11:2:license:a@1']);
    expect(toldTo(w, 1)).toEqual(['You were voter #2 of 2026-11: you received 3 x bread.']);
    expect(w.flow.pending().map((e) => [e.id, e.state])).toEqual([['a:top:2026-11:1:license:b', 'claimed']]);

    w.runtime.join(2, { name: 'Bo', license: 'license:b' });
    await w.clock.advance(10_000);
    expect(awardPayouts(w.adapter, 'a:top:')).toEqual([
      'a:top:2026-11:2:license:a@1',
      'a:top:2026-11:1:license:b@2',
    ]);
    expect(toldTo(w, 2).at(-1)).toBe('You were voter #1 of 2026-11: you received 5000$ in cash.');
    expect(w.flow.pending()).toEqual([]);

    // Later checks and a restart decide and pay nothing more.
    await w.clock.advance(30 * MIN);
    w.stop();
    const again = boot(w, w.runtime.snapshot());
    again.top?.start();
    await w.clock.advance(5 * MIN);
    expect(decided(w)).toHaveLength(1);
    expect(decided(again)).toEqual([]);
    expect(awardPayouts(w.adapter, 'a:top:')).toHaveLength(2);
  });

  it('decides nothing for the past on its first run', async () => {
    const shared = createShared(NOV_30_22H);
    const first = bootWorld(shared, {});
    online(first, 1, 'Ana', 'license:a');
    await vote(first, 1);
    first.stop();
    await shared.clock.advance(2 * 3_600_000);
    // Top voters turned on in December: November had votes, but the program did not watch it.
    const w = boot(shared, first.runtime.snapshot(), [1]);
    w.top?.start();
    await shared.clock.advance(5 * MIN);
    expect(w.programs.history.top('2026-11', 10)).toHaveLength(1);
    expect(w.runtime.kvp.get(TOP_LAST_MONTH_KEY)).toBe('2026-12');
    expect(w.top?.decision('2026-11')).toBeNull();
    expect(decided(w)).toEqual([]);
    expect(awardPayouts(shared.adapter, 'a:top:')).toEqual([]);
  });

  it('decides each month missed while the server was off, once', async () => {
    const shared = createShared(Date.parse('2026-11-10T12:00:00.000Z'));
    const w = boot(shared, undefined, []);
    const history = (license: string, name: string, months: Record<string, number>) => ({
      ...freshHistory(license, name),
      total: Object.values(months).reduce((a, b) => a + b, 0),
      months,
      monthReachedAt: Object.fromEntries(Object.keys(months).map((m) => [m, Date.parse(`${m}-15`)])),
    });
    w.programs.history.put(history('license:a', 'Ana', { '2026-09': 4, '2026-10': 1 }));
    w.programs.history.put(history('license:b', 'Bo', { '2026-09': 2 }));
    w.runtime.kvp.set(TOP_LAST_MONTH_KEY, '2026-09');
    w.top?.start();
    expect(decided(w).map((d) => (d as { month: string }).month)).toEqual(['2026-09', '2026-10']);
    expect(w.top?.decision('2026-09')?.awards.map((a) => a.id)).toEqual([
      'a:top:2026-09:1:license:a',
      'a:top:2026-09:2:license:b',
    ]);
    expect(w.top?.decision('2026-10')?.awards.map((a) => a.id)).toEqual(['a:top:2026-10:1:license:a']);
    expect(
      w.flow
        .pending()
        .map((e) => e.id)
        .sort(),
    ).toEqual(['a:top:2026-09:1:license:a', 'a:top:2026-09:2:license:b', 'a:top:2026-10:1:license:a']);
    w.top?.check();
    expect(decided(w)).toHaveLength(2);
  });

  // The decision writes: the decision record, the award of rank 1, the award of rank 2, then top:lastMonth.
  it.each([1, 2, 3, 4])(
    'a crash at write %i of the decision pays each prize once after a restart',
    async (n) => {
      const w = await novemberWorld();
      await w.clock.advance(110 * MIN);
      w.runtime.crashOnKvpWrite(n);
      const crashed = () => w.runtime.logs.some((l) => l.message.includes('simulated crash at KVP write'));
      // The server dies at the crash: nothing of this run goes on after it.
      for (let i = 0; i < 20 && !crashed(); i += 1) await w.clock.advance(MIN);
      expect(crashed()).toBe(true);
      expect(awardPayouts(w.adapter, 'a:top:')).toEqual([]);
      w.stop();
      const again = boot(w, w.runtime.snapshot());
      again.top?.start();
      await w.clock.advance(MIN);
      expect(again.top?.decision('2026-11')?.ranking).toEqual(RANKING);
      expect(awardPayouts(w.adapter, 'a:top:').sort()).toEqual([
        'a:top:2026-11:1:license:b@2',
        'a:top:2026-11:2:license:a@1',
      ]);
      expect(again.flow.pending()).toEqual([]);
      again.stop();
      const third = boot(w, again.runtime.snapshot());
      third.top?.start();
      await w.clock.advance(2 * MIN);
      expect(decided(third)).toEqual([]);
      expect(awardPayouts(w.adapter, 'a:top:')).toHaveLength(2);
    },
  );
});

describe('top voters: /votetop and getTopVoters', () => {
  it("shows the month's top 10 and the player's own rank, or how to get one", async () => {
    const w = await novemberWorld();
    expect(w.top?.lines(1)).toEqual([
      'Top voters of 2026-11:',
      '#1 Bo: 2 vote(s)',
      '#2 Ana: 2 vote(s)',
      '#3 Cy: 1 vote(s)',
      'You are #2 with 2 vote(s).',
    ]);
    online(w, 4, 'Dan', 'license:d');
    expect(w.top?.lines(4).at(-1)).toBe('You have not voted this month yet: /vote');
    await w.clock.advance(2 * 3_600_000);
    expect(w.top?.lines(1)).toEqual([
      'Top voters of 2026-12:',
      'Nobody has voted yet in 2026-12.',
      'You have not voted this month yet: /vote',
    ]);
  });

  it('shows ten lines at most', async () => {
    const shared = createShared();
    const w = boot(shared, undefined, []);
    for (let i = 1; i <= 12; i += 1) {
      online(w, i, `P${i}`, `license:${i}`);
      w.api.addVote(`P${i}`, w.clock.now());
      await w.flow.claim(i);
      await w.clock.advance(1_000);
    }
    const lines = w.top?.lines(12) ?? [];
    expect(lines).toHaveLength(12);
    expect(lines.at(-2)).toBe('#10 P10: 1 vote(s)');
    expect(lines.at(-1)).toBe('You are #12 with 1 vote(s).');
  });

  it.each([
    ['current', 2, { ok: true, month: '2026-11', voters: RANKING.slice(0, 2) }],
    ['previous', 5, { ok: true, month: '2026-10', voters: [] }],
    ['2026-11', undefined, { ok: true, month: '2026-11', voters: RANKING }],
    ['2026-13', 5, { ok: false, code: 'invalid_period' }],
    ['last', 5, { ok: false, code: 'invalid_period' }],
    [42, 5, { ok: false, code: 'invalid_period' }],
    ['current', 0, { ok: false, code: 'invalid_count' }],
    ['current', 101, { ok: false, code: 'invalid_count' }],
    ['current', 2.5, { ok: false, code: 'invalid_count' }],
    ['current', '10', { ok: false, code: 'invalid_count' }],
  ])('getTopVoters(%j, %j) answers %j', async (period, n, expected) => {
    const w = await novemberWorld();
    const answer = topVotersOf(w.programs.history, w.programs.calendar, w.clock.now(), period, n);
    expect(answer).toMatchObject(expected);
    if (!answer.ok) expect(answer.error).toMatch(/^(period|n) must be .+, got .+/);
  });

  it('says what is wrong in a clear sentence', async () => {
    const w = await novemberWorld();
    const { history, calendar } = w.programs;
    expect(topVotersOf(history, calendar, w.clock.now(), 'last', 5)).toEqual({
      ok: false,
      code: 'invalid_period',
      error: 'period must be "current", "previous" or a month "YYYY-MM", got "last"',
    });
    expect(topVotersOf(history, calendar, w.clock.now(), 'current', 500)).toEqual({
      ok: false,
      code: 'invalid_count',
      error: 'n must be a whole number from 1 to 100, got 500',
    });
  });
});
