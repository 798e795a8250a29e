/**
 * Adversarial review of the reward programs: inputs and orders of events that once paid twice, lost an
 * award silently or hung the server. Real programs, real vote party and real claim flow over the fake runtime.
 */
import { describe, expect, it } from 'vitest';
import type { VoteCount } from '../../contract/answers';
import { programsFor } from '../../devkit/fakes/engine-kit';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { bootWorld, createShared, online } from '../../devkit/worlds/programs-world';
import { configSchema } from '../../src/config/schema';
import { createEventChannel } from '../../src/domain/events';
import { JOURNAL_PREFIX, type JournalEntry } from '../../src/engine/journal';
import { claimSent } from '../../src/engine/transitions';
import { freshHistory, HISTORY_PREFIX } from '../../src/programs/history';
import { PARTY_DECISION_PREFIX } from '../../src/programs/party';

const ANA = 'license:aaa';
const BO = 'license:bbb';
const NOV_10 = Date.UTC(2026, 10, 10, 12);

const programsOver = (kvp: Map<string, string>, settings: Record<string, unknown>) => {
  const runtime = createFakeRuntime({ clock: createFakeClock(NOV_10), kvp });
  const config = configSchema.parse(settings);
  const events = createEventChannel();
  const programs = programsFor({ config, runtime, events, random: () => 0.5 });
  return { runtime, programs };
};

/** A claimed vote entry of `license`, claimed at `at`. */
const vote = (id: string, license: string, name: string, at: number): JournalEntry => ({
  ...claimSent({ id, name, license, votedAt: null, rewards: [{ type: 'money', amount: 1 }], now: at }),
  state: 'claimed',
  voteId: id,
});

describe('review: a history this version cannot read', () => {
  const SETTINGS = {
    firstVote: { reward: { type: 'money', amount: 100 } },
    milestones: [{ every: 2, reward: { type: 'money', amount: 500 } }],
  };

  it.each([
    ['written by a newer format', JSON.stringify({ ...freshHistory(ANA, 'Ana'), format: 2, total: 41 })],
    ['corrupted', '{"format":1,"license":'],
    [
      'holding a count as text',
      JSON.stringify({ ...freshHistory(ANA, 'Ana'), total: 4, months: { '2026-11': '4' } }),
    ],
    [
      'holding a streak day that is not one',
      JSON.stringify({
        ...freshHistory(ANA, 'Ana'),
        streak: { current: 2, best: 2, lastDay: 7, startDay: null },
      }),
    ],
  ])('(%s) is never overwritten by the next vote, and decides no first-vote bonus again', (_label, text) => {
    const kvp = new Map([[`${HISTORY_PREFIX}${ANA}`, text]]);
    const { runtime, programs } = programsOver(kvp, SETTINGS);
    programs.record(vote('v1', ANA, 'Ana', NOV_10));
    programs.record(vote('v2', ANA, 'Ana', NOV_10 + 1000));
    expect(runtime.kvp.get(`${HISTORY_PREFIX}${ANA}`)).toBe(text);
    expect(runtime.kvp.keys(`${JOURNAL_PREFIX}a:`)).toEqual([]);
    expect(
      runtime.logs.some((line) => line.level === 'error' && line.message.includes(`${HISTORY_PREFIX}${ANA}`)),
    ).toBe(true);
  });
});

describe('review: a vote recorded late (parked for an admin, granted weeks later)', () => {
  it("leaves the month's reach time and the last vote time at the latest vote, so it takes no tie it did not win", () => {
    const kvp = new Map<string, string>();
    const { programs } = programsOver(kvp, {});
    // Bo reaches 3 votes at 20 s; Ana has 2 votes, the last at 30 s.
    for (const [index, at] of [5, 10, 20].entries())
      programs.record(vote(`b${index}`, BO, 'Bo', NOV_10 + at * 1000));
    for (const [index, at] of [25, 30].entries())
      programs.record(vote(`a${index}`, ANA, 'Ana', NOV_10 + at * 1000));
    // Ana's vote claimed at 1 s, parked, then granted by an admin: recorded now, dated when it was claimed.
    programs.record(vote('late', ANA, 'Ana', NOV_10 + 1000));
    const ana = programs.history.get(ANA);
    expect(ana.months['2026-11']).toBe(3);
    expect(ana.lastVoteAt).toBe(NOV_10 + 30_000);
    expect(ana.monthReachedAt['2026-11']).toBe(NOV_10 + 30_000);
    // Both have 3; Bo had them at 20 s, Ana only at 30 s.
    expect(programs.history.top('2026-11', 2).map((line) => line.license)).toEqual([BO, ANA]);
  });
});

describe('review: a vote party count that jumps past very many thresholds', () => {
  const count = (votes: number): VoteCount => ({
    votes_total: votes,
    votes_24h: votes,
    votes_7d: votes,
    votes_monthly: votes,
    server_name: 'S',
    server_game: 'gta5',
  });

  it('decides nothing from a count of a billion: the read is held for an admin, and reading it again changes nothing', async () => {
    const shared = createShared(NOV_10);
    const w = bootWorld(shared, {
      voteParty: { enabled: true, every: 1, reward: { type: 'money', amount: 10 }, announceMinutes: 0 },
    });
    online(w, 1, 'Ana', ANA);
    const party = w.party;
    if (!party) throw new Error('no party');
    const at = shared.clock.now();
    party.handleCount(count(0), at, 'poller');
    // A count no read can decide at once (an API answering nonsense, or `every: 1` after a long stop).
    party.handleCount(count(1_000_000_000), at + 1, 'poller');
    party.handleCount(count(1_000_000_000), at + 2, 'poller');
    expect(w.runtime.kvp.keys(PARTY_DECISION_PREFIX)).toEqual([]);
    expect(w.runtime.kvp.keys(`${JOURNAL_PREFIX}a:party:`)).toEqual([]);
    expect(party.status()).toMatchObject({
      lastDecided: 0,
      waiting: 'hold',
      hold: { from: 1, to: 1_000_000_000 },
    });
    expect(w.runtime.logs.filter((l) => l.message.includes('count not trusted'))).toHaveLength(1);
    w.stop();
  });
});

describe('review: two rules for the same total or streak length', () => {
  it('pays both rewards (an award id both rules share used to keep the first rule only)', () => {
    const kvp = new Map<string, string>();
    const { runtime, programs } = programsOver(kvp, {
      milestones: [
        { at: 1, reward: { type: 'money', amount: 100 } },
        { at: 1, reward: { type: 'item', item: 'bread', count: 2 } },
        { every: 2, reward: { type: 'money', amount: 7 } },
        { every: 2, reward: { type: 'bank', amount: 8 } },
      ],
      streaks: {
        rewards: [
          { days: 2, reward: { type: 'money', amount: 20 } },
          { days: 2, reward: { type: 'bank', amount: 21 } },
        ],
      },
    });
    programs.record(vote('v1', ANA, 'Ana', NOV_10));
    programs.record(vote('v2', ANA, 'Ana', NOV_10 + 86_400_000));
    const owed = runtime.kvp
      .keys(`${JOURNAL_PREFIX}a:`)
      .flatMap((key) => (JSON.parse(runtime.kvp.get(key) ?? '{}') as JournalEntry).rewards);
    expect(owed).toEqual(
      expect.arrayContaining([
        { type: 'money', amount: 100 },
        { type: 'item', item: 'bread', count: 2 },
        { type: 'money', amount: 7 },
        { type: 'bank', amount: 8 },
        { type: 'money', amount: 20 },
        { type: 'bank', amount: 21 },
      ]),
    );
    expect(owed).toHaveLength(6);
  });
});

describe('review: votereward player <name>', () => {
  it('finds a name typed with colour codes, and of two players last seen with one name the one who voted last', () => {
    const kvp = new Map<string, string>();
    const { programs } = programsOver(kvp, {});
    // Bo voted as "Ana" long ago (and renamed since, without a vote); the Ana of today voted last.
    programs.record(vote('b1', BO, 'Ana', NOV_10 - 30 * 86_400_000));
    programs.record(vote('a1', ANA, 'Ana', NOV_10));
    expect(programs.history.find('ana')?.license).toBe(ANA);
    expect(programs.history.find('^2Ana')?.license).toBe(ANA);
    expect(programs.history.find(` ${BO} `)?.license).toBe(BO);
  });
});

describe('review: an award entry this version cannot read', () => {
  it('is never overwritten when its decision is made again (a fresh entry would pay what it may have paid)', () => {
    const text =
      '{"format":3,"id":"a:first:license:aaa","rewards":[{"type":"money","amount":100}],"given":[tr';
    const kvp = new Map([[`${JOURNAL_PREFIX}a:first:${ANA}`, text]]);
    const { runtime, programs } = programsOver(kvp, {
      firstVote: { reward: { type: 'money', amount: 100 } },
    });
    const spec = {
      id: `a:first:${ANA}`,
      license: ANA,
      name: 'Ana',
      info: { program: 'first' as const, value: 1, month: null, voteRef: 'v1' },
      rewards: [{ type: 'money' as const, amount: 100 }],
    };
    expect(programs.awards.create(spec)).toBe('exists');
    expect(runtime.kvp.get(`${JOURNAL_PREFIX}a:first:${ANA}`)).toBe(text);
  });
});

describe('review: two settling loops over one journal', () => {
  it('a reconcile held up by another player never pays again an entry settled meanwhile', async () => {
    const shared = createShared(NOV_10);
    const w = bootWorld(shared, {});
    online(w, 1, 'Ana', ANA);
    online(w, 2, 'Cy', 'license:ccc');
    // Cy's claim lost its answer: settling it asks the API first. Ana's vote is claimed and owed.
    w.runtime.kvp.set(
      `${JOURNAL_PREFIX}c0`,
      JSON.stringify({
        ...claimSent({
          id: 'c0',
          name: 'Cy',
          license: 'license:ccc',
          votedAt: new Date(NOV_10 - 60_000).toISOString(),
          rewards: [{ type: 'money', amount: 1 }],
          now: NOV_10 - 2000,
        }),
        state: 'unknown',
      }),
    );
    w.runtime.kvp.set(
      `${JOURNAL_PREFIX}c1`,
      JSON.stringify({ ...vote('c1', ANA, 'Ana', NOV_10 - 1000), recorded: true }),
    );
    w.api.hold();
    const background = w.flow.reconcile('poll');
    await Promise.resolve();
    // While the reconcile waits for the API about Cy, Ana's vote is paid (she joined, or a party paid her).
    await w.flow.settlePlayer(ANA);
    expect(w.adapter.paid.filter((p) => p.ref === 'c1')).toHaveLength(1);
    w.api.release();
    await background;
    await shared.clock.settle();
    expect(w.adapter.paid.filter((p) => p.ref === 'c1')).toHaveLength(1);
    expect(w.runtime.kvp.get(`${JOURNAL_PREFIX}c1`)).toBeNull();
    w.stop();
  });
});
