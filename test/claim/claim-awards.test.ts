/**
 * Awards through the real claim flow: the resource composed as in production (composeResource) with the real ESX
 * adapter over the fake ESX and the real mock API, over one fake runtime. A restart is a new runtime over a snapshot
 * of the KVP; a crash is a KVP write that throws, after which the dead server writes nothing more.
 */
import { describe, expect, it } from 'vitest';
import { configFor } from '../../devkit/fakes/compose-kit';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createMockVoteApi, type MockVoteApi } from '../../devkit/fakes/mock-transport';
import {
  createFakeClock,
  createFakeRuntime,
  type FakeClock,
  type FakeRuntime,
  SimulatedCrash,
} from '../../devkit/fakes/runtime';
import type { ClaimFlow } from '../../src/claim/claim-flow';
import { composeResource } from '../../src/compose';
import { AWARD_DONE_PREFIX, JOURNAL_PREFIX } from '../../src/engine/journal';
import { pendingView } from '../../src/exports';
import { AWARD_DONE_KEEP_MS } from '../../src/programs/awards';
import type { Programs } from '../../src/programs/programs';
import { createEsxAdapter } from '../../src/rewards/esx';
import type { RewardAdapter } from '../../src/rewards/types';

const ANA = { name: 'Ana', license: 'license:aaa' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Per vote: 500 cash and a 50 % chance of one bread. First vote: 100 in the bank. Second vote: one of 1000 cash or 3
 * bread. Every 5th vote: 5000 in the bank. A 2-day streak: 200 in the bank.
 */
const SETTINGS = {
  reward: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'bread', count: 1, chance: 50 },
  ],
  firstVote: { reward: { type: 'bank', amount: 100 } },
  milestones: [
    {
      at: 2,
      reward: {
        oneOf: [
          { type: 'money', amount: 1000, weight: 1 },
          { type: 'item', item: 'bread', count: 3, weight: 1 },
        ],
      },
    },
    { every: 5, reward: { type: 'bank', amount: 5000 } },
  ],
  streaks: { graceDays: 0, rewards: [{ days: 2, reward: { type: 'bank', amount: 200 } }] },
};

/** Randoms: LOW wins the 50 % bread and picks the 1000 cash; HIGH loses the bread and picks the 3 bread. */
const LOW = 0.1;
const HIGH = 0.9;

interface Shared {
  clock: FakeClock;
  api: MockVoteApi;
  esx: ReturnType<typeof createFakeEsx>;
  adapter: RewardAdapter;
}

interface World extends Shared {
  runtime: FakeRuntime;
  flow: ClaimFlow;
  programs: Programs;
  /** Events heard on the channel: `rewarded:<vote>`, `awarded:<id>`, `decided:<id>`, `recorded:<ref>`. */
  heard: string[];
  /** How often the flow and the programs asked for a random number. */
  draws: { count: number };
  /** Every KVP write, in order, as `set <key>` or `delete <key>`. */
  writes: string[];
  /** Makes the n-th next KVP write throw; the server is then dead: every later write throws and changes nothing. */
  crashAt(n: number): void;
}

const boot = (
  shared: Shared,
  kvp?: Map<string, string>,
  random = LOW,
  settings: Record<string, unknown> = SETTINGS,
): World => {
  const config = configFor({ apiKey: shared.api.apiKey, ...settings });
  const runtime = createFakeRuntime({ clock: shared.clock, kvp });
  const writes: string[] = [];
  let dead = false;
  const { set, delete: remove } = runtime.kvp;
  const guarded =
    <A extends unknown[]>(label: string, write: (key: string, ...rest: A) => void) =>
    (key: string, ...rest: A) => {
      if (dead) throw new SimulatedCrash('the server is dead');
      try {
        write(key, ...rest);
        writes.push(`${label} ${key}`);
      } catch (error) {
        if (error instanceof SimulatedCrash) dead = true;
        throw error;
      }
    };
  runtime.kvp.set = guarded('set', set);
  runtime.kvp.delete = guarded('delete', remove);

  const draws = { count: 0 };
  const counted = () => {
    draws.count += 1;
    return random;
  };
  const { events, flow, programs } = composeResource(runtime, config, {
    adapter: shared.adapter,
    transport: shared.api,
    random: counted,
  });
  const heard: string[] = [];
  events.on('rewarded', ({ voteId }) => heard.push(`rewarded:${voteId}`));
  events.on('awarded', ({ id }) => heard.push(`awarded:${id}`));
  events.on('awardDecided', ({ id }) => heard.push(`decided:${id}`));
  events.on('voteRecorded', ({ ref }) => heard.push(`recorded:${ref}`));
  return {
    ...shared,
    runtime,
    flow,
    programs,
    heard,
    draws,
    writes,
    crashAt: (n) => runtime.crashOnKvpWrite(n),
  };
};

const world = (random = LOW, settings: Record<string, unknown> = SETTINGS): World => {
  const clock = createFakeClock();
  const api = createMockVoteApi({ now: clock.now });
  const fake = createFakeHost();
  const esx = createFakeEsx(fake, { items: { bread: 1, medal: 1 }, maxWeight: 10 });
  const adapter = createEsxAdapter({ host: fake.host });
  const w = boot({ clock, api, esx, adapter }, undefined, random, settings);
  esx.load(1, 'char1:ana', { money: 0, bank: 0 });
  return w;
};

/** Ana is online as `source` (her character loaded). */
const online = (w: World, source = 1) => {
  w.runtime.join(source, ANA);
  if (!w.esx.model.players.has(source)) w.esx.load(source, 'char1:ana', { money: 0, bank: 0 });
};

/** Adds a vote on the site a minute ago and lets the cooldown pass; answers its vote id. */
const voteOnSite = async (w: World) => {
  await w.clock.advance(60_000);
  return w.api.addVote('Ana', w.clock.now() - 30_000).voteId;
};

/** What Ana holds, and how many paying calls reached ESX. */
const wallet = (w: World, source = 1) => ({
  money: w.esx.balance(source, 'money') ?? 0,
  bank: w.esx.balance(source, 'bank') ?? 0,
  bread: w.esx.itemCount(source, 'bread'),
});
const payingCalls = (w: World) => w.esx.calls.length;
const told = (w: World) => w.runtime.told.map((line) => line.message);
const openEntries = (w: World) => w.flow.pending().map(pendingView);
const claimedVotes = (w: World) => w.api.votes().filter((vote) => vote.claimedAt !== null).length;

const RECEIVED = (what: string) => `Thanks for voting! You received ${what}.`;
const FIRST = 'Thanks for your first vote for the server! Bonus: 100$ in the bank.';
const SECOND_CASH = 'Vote milestone reached: 2 in all! Bonus: 1000$ in cash.';
const SECOND_BREAD = 'Vote milestone reached: 2 in all! Bonus: 3 x bread.';
const STREAK_2 = '2-day vote streak! Bonus: 200$ in the bank.';
const streakLine = (days: number, best: number, hours: number) =>
  `Vote streak: ${days} day(s), best ${best}. Vote again within ${hours} h to keep it.`;

/** Day one (2026-11-21, 10:01 UTC): Ana's first vote, paid in full. */
const firstDay = async (w: World) => {
  online(w);
  const voteId = await voteOnSite(w);
  expect(await w.flow.claim(1)).toEqual({ code: 'rewarded', voteId });
  return voteId;
};

describe('awards through the claim flow: a vote pays the vote, then each award', () => {
  it('first vote: the vote, then the first-vote bonus; the player hears both and the streak line', async () => {
    const w = world();
    const voteId = await firstDay(w);
    expect(told(w)).toEqual([RECEIVED('500$ in cash, 1 x bread'), FIRST, streakLine(1, 1, 37)]);
    expect(wallet(w)).toEqual({ money: 500, bank: 100, bread: 1 });
    expect(w.heard).toEqual([
      `recorded:${voteId}`,
      'decided:a:first:license:aaa',
      `rewarded:${voteId}`,
      'awarded:a:first:license:aaa',
    ]);
    expect(openEntries(w)).toEqual([]);
    expect(w.runtime.kvp.keys(AWARD_DONE_PREFIX)).toEqual([`${AWARD_DONE_PREFIX}a:first:license:aaa`]);
    expect(w.programs.history.get(ANA.license)).toMatchObject({ total: 1, name: 'Ana', recent: [voteId] });
  });

  it('the next day: the vote, the milestone and the streak award, in that order, then the streak line', async () => {
    const w = world();
    await firstDay(w);
    await w.clock.advance(DAY);
    const voteId = await voteOnSite(w);
    w.runtime.told.length = 0;
    w.heard.length = 0;
    expect(await w.flow.claim(1)).toEqual({ code: 'rewarded', voteId });
    expect(told(w)).toEqual([
      RECEIVED('500$ in cash, 1 x bread'),
      SECOND_CASH,
      STREAK_2,
      streakLine(2, 2, 37),
    ]);
    expect(w.heard).toEqual([
      `recorded:${voteId}`,
      'decided:a:milestone:license:aaa:2:at2',
      'decided:a:streak:license:aaa:2026-11-21:2',
      `rewarded:${voteId}`,
      'awarded:a:milestone:license:aaa:2:at2',
      'awarded:a:streak:license:aaa:2026-11-21:2',
    ]);
    expect(wallet(w)).toEqual({ money: 2000, bank: 300, bread: 2 });
    expect(openEntries(w)).toEqual([]);
  });

  it('a lost chance and a choice are said as they came out', async () => {
    const w = world(HIGH);
    await firstDay(w);
    await w.clock.advance(DAY);
    await voteOnSite(w);
    w.runtime.told.length = 0;
    await w.flow.claim(1);
    expect(told(w)).toEqual([RECEIVED('500$ in cash'), SECOND_BREAD, STREAK_2, streakLine(2, 2, 37)]);
    expect(wallet(w)).toEqual({ money: 1000, bank: 300, bread: 3 });
  });

  it('a draw that gave nothing is said so, for the vote and for an award', async () => {
    const w = world(HIGH, {
      ...SETTINGS,
      reward: [{ type: 'money', amount: 500, chance: 50 }],
      firstVote: { reward: { type: 'bank', amount: 100, chance: 50 } },
    });
    online(w);
    const voteId = await voteOnSite(w);
    expect(await w.flow.claim(1)).toEqual({ code: 'rewarded', voteId });
    expect(told(w)).toEqual([
      'Thanks for voting! No luck with the draw this time.',
      'No luck with the bonus draw this time.',
      streakLine(1, 1, 37),
    ]);
    expect(payingCalls(w)).toBe(0);
    expect(w.heard).toContain('awarded:a:first:license:aaa');
    expect(openEntries(w)).toEqual([]);
  });

  it('no vote: nothing is recorded, nothing is awarded, no streak line', async () => {
    const w = world();
    await firstDay(w);
    await w.clock.advance(DAY);
    w.runtime.told.length = 0;
    expect(await w.flow.claim(1)).toEqual({ code: 'no_vote' });
    expect(told(w)).toHaveLength(1);
    expect(w.programs.history.get(ANA.license).total).toBe(1);
  });
});

describe('awards through the claim flow: a crash at every KVP write of a vote that earns two awards', () => {
  // Writes of Ana's second vote (the vote pays 500 cash and the bread it drew; it earns the milestone of 2 votes and
  // the 2-day streak): 1 claiming, 2 claimed, 3 milestone award decided, 4 streak award decided, 5 history,
  // 6 vote recorded, 7-9 cash (giving, reading, given), 10-12 bread, 13 vote entry removed, 14-16 milestone payout,
  // 17 its done-mark, 18 its entry removed, 19-21 streak payout, 22 its done-mark, 23 its entry removed.
  const WRITES = 23;

  const secondDay = async (crashAt: number | null) => {
    const first = world(LOW);
    await firstDay(first);
    await first.clock.advance(DAY);
    const voteId = await voteOnSite(first);
    const before = { writes: first.writes.length, calls: payingCalls(first) };
    if (crashAt !== null) first.crashAt(crashAt);
    await first.flow.claim(1);
    return { first, voteId, before };
  };

  it(`a vote without a crash makes ${WRITES} writes, in the order the cases below name`, async () => {
    const { first, voteId, before } = await secondDay(null);
    const writes = first.writes.slice(before.writes);
    expect(writes).toHaveLength(WRITES);
    const vote = `set ${JOURNAL_PREFIX}${first.flow.pending()[0]?.id ?? writes[0]?.slice(4 + JOURNAL_PREFIX.length)}`;
    expect(writes.slice(0, 6)).toEqual([
      vote,
      vote,
      `set ${JOURNAL_PREFIX}a:milestone:license:aaa:2:at2`,
      `set ${JOURNAL_PREFIX}a:streak:license:aaa:2026-11-21:2`,
      'set history:license:aaa',
      vote,
    ]);
    expect(writes.slice(12, 18)).toEqual([
      vote.replace('set', 'delete'),
      ...Array(3).fill(`set ${JOURNAL_PREFIX}a:milestone:license:aaa:2:at2`),
      `set ${AWARD_DONE_PREFIX}a:milestone:license:aaa:2:at2`,
      `delete ${JOURNAL_PREFIX}a:milestone:license:aaa:2:at2`,
    ]);
    expect(first.heard).toContain(`rewarded:${voteId}`);
  });

  it.each(
    Array.from({ length: WRITES }, (_, i) => [
      { n: i + 1, at: 'offline' },
      { n: i + 1, at: 'online' },
    ]).flat(),
  )(
    'crash at write $n, restart with the player $at: every reward and award paid once, the same draws, nothing open',
    async ({ n, at }) => {
      const { first, before } = await secondDay(n);
      expect(first.writes.length - before.writes).toBe(n - 1);
      const kvp = first.runtime.snapshot();

      // The restarted server draws HIGH: a second draw would lose the bread and pick the 3 bread.
      const second = boot(first, kvp, HIGH);
      if (at === 'online') online(second);
      await second.flow.reconcile('claim');
      if (at === 'offline') online(second);
      await second.clock.advance(10_000);
      await second.flow.claim(1);

      const voteDrawnBefore = n > 1;
      const milestoneDrawnBefore = n > 3;
      expect(wallet(second)).toEqual({
        money: 500 + 500 + (milestoneDrawnBefore ? 1000 : 0),
        bank: 100 + 200,
        bread: 1 + (voteDrawnBefore ? 1 : 0) + (milestoneDrawnBefore ? 0 : 3),
      });
      // One paying call per reward: cash and bread of the vote (bread only when drawn), the milestone, the streak.
      expect(payingCalls(second) - before.calls).toBe((voteDrawnBefore ? 2 : 1) + 1 + 1);
      expect(second.draws.count).toBe((voteDrawnBefore ? 0 : 1) + (milestoneDrawnBefore ? 0 : 1));
      expect(claimedVotes(second)).toBe(2);
      expect(second.api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
      expect(openEntries(second)).toEqual([]);
      expect(second.runtime.kvp.keys(AWARD_DONE_PREFIX)).toEqual([
        `${AWARD_DONE_PREFIX}a:first:license:aaa`,
        `${AWARD_DONE_PREFIX}a:milestone:license:aaa:2:at2`,
        `${AWARD_DONE_PREFIX}a:streak:license:aaa:2026-11-21:2`,
      ]);
      const history = second.programs.history.get(ANA.license);
      expect(history.total).toBe(2);
      expect(history.recent).toHaveLength(2);
      expect(history.streak).toMatchObject({ current: 2, startDay: '2026-11-21' });
      // Each line is heard once, by the first server or after the restart.
      const lines = [...told(first), ...told(second)];
      for (const line of [SECOND_CASH, SECOND_BREAD, STREAK_2]) {
        expect(lines.filter((l) => l === line)).toHaveLength(
          line === (milestoneDrawnBefore ? SECOND_BREAD : SECOND_CASH) ? 0 : 1,
        );
      }
      expect(lines.filter((l) => l.startsWith('Thanks for voting!'))).toHaveLength(2);
    },
  );
});

describe('awards through the claim flow: owed awards', () => {
  /** Day two's vote interrupted after it was claimed (before it was recorded); answers the dead server. */
  const claimedThenCrashed = async (write = 3) => {
    const first = world(LOW);
    await firstDay(first);
    await first.clock.advance(DAY);
    const voteId = await voteOnSite(first);
    first.crashAt(write);
    await first.flow.claim(1);
    return { first, voteId };
  };

  it('a player offline when the awards are decided (reconciliation at start) is paid on the next join', async () => {
    const { first, voteId } = await claimedThenCrashed();
    const second = boot(first, first.runtime.snapshot(), HIGH);
    await second.flow.reconcile('claim');
    expect(second.heard).toEqual([
      `recorded:${voteId}`,
      'decided:a:milestone:license:aaa:2:at2',
      'decided:a:streak:license:aaa:2026-11-21:2',
    ]);
    expect(openEntries(second).map((entry) => entry.id)).toEqual([
      'a:milestone:license:aaa:2:at2',
      'a:streak:license:aaa:2026-11-21:2',
      expect.not.stringMatching(/^a:/),
    ]);
    expect(wallet(second)).toEqual({ money: 500, bank: 100, bread: 1 });
    expect(second.runtime.told).toEqual([]);

    await second.clock.advance(HOUR);
    online(second);
    await second.clock.advance(5_000);
    // The vote's bread was drawn before the crash; the milestone was drawn by the restarted server (3 bread).
    expect(wallet(second)).toEqual({ money: 1000, bank: 300, bread: 5 });
    expect(told(second)).toEqual([RECEIVED('500$ in cash, 1 x bread'), SECOND_BREAD, STREAK_2]);
    expect(openEntries(second)).toEqual([]);
    expect(second.draws.count).toBe(1);
  });

  it('the awards of a vote recorded again after a restart on a later day are the same awards', async () => {
    // Crash once the milestone was decided, before the streak award and the history: restarted the next day.
    const { first, voteId } = await claimedThenCrashed(4);
    await first.clock.advance(DAY);
    const second = boot(first, first.runtime.snapshot(), HIGH);
    online(second);
    await second.flow.reconcile('claim');
    // The streak award, decided during this pass, is paid by the next one.
    await second.flow.reconcile('claim');
    expect(second.heard.filter((event) => event.startsWith('decided:'))).toEqual([
      'decided:a:streak:license:aaa:2026-11-21:2',
    ]);
    expect(wallet(second)).toEqual({ money: 2000, bank: 300, bread: 2 });
    const history = second.programs.history.get(ANA.license);
    expect(history.streak).toMatchObject({ current: 2, lastDay: '2026-11-22', startDay: '2026-11-21' });
    expect(history.months).toEqual({ '2026-11': 2 });
    expect(history.recent.at(-1)).toBe(voteId);
    expect(openEntries(second)).toEqual([]);
  });

  it('an award refused for a full inventory stays owed, does not block the next vote, and is paid once there is room', async () => {
    const w = world(HIGH);
    await firstDay(w);
    await w.clock.advance(DAY);
    await voteOnSite(w);
    w.esx.setWeight(1, 8);
    w.runtime.told.length = 0;
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    expect(told(w)).toEqual([
      RECEIVED('500$ in cash'),
      'Your reward is waiting: make room for 3 x bread and type /vote again.',
      STREAK_2,
      streakLine(2, 2, 37),
    ]);
    expect(wallet(w)).toEqual({ money: 1000, bank: 300, bread: 0 });
    expect(openEntries(w)).toMatchObject([
      {
        id: 'a:milestone:license:aaa:2:at2',
        state: 'claimed',
        given: 0,
        total: 1,
        problem: 'inventory_full',
      },
    ]);

    // Still full the next day: the new vote is claimed and paid, the award stays owed.
    await w.clock.advance(DAY);
    const third = await voteOnSite(w);
    expect(await w.flow.claim(1)).toEqual({ code: 'rewarded', voteId: third });
    expect(wallet(w)).toEqual({ money: 1500, bank: 300, bread: 0 });
    expect(openEntries(w).map((entry) => entry.id)).toEqual(['a:milestone:license:aaa:2:at2']);

    w.esx.setWeight(1, 0);
    await w.clock.advance(60_000);
    w.runtime.told.length = 0;
    expect(await w.flow.claim(1)).toEqual({ code: 'no_vote' });
    expect(told(w)).toContain(SECOND_BREAD);
    expect(wallet(w)).toEqual({ money: 1500, bank: 300, bread: 3 });
    expect(openEntries(w)).toEqual([]);
    await w.clock.advance(60_000);
    await w.flow.claim(1);
    w.flow.playerJoined(1);
    await w.clock.advance(10_000);
    expect(wallet(w)).toEqual({ money: 1500, bank: 300, bread: 3 });
    expect(w.esx.calls.filter((call) => call.method === 'addInventoryItem')).toHaveLength(1);
  });

  it('votereward drop of an award marks it done: recording the vote again after a crash does not create it', async () => {
    // Crash at the history write: both awards are in the journal, the vote is not recorded yet.
    const { first } = await claimedThenCrashed(5);
    const second = boot(first, first.runtime.snapshot(), HIGH);
    expect(second.flow.drop('a:milestone:license:aaa:2:at2')).toEqual({
      ok: true,
      message: 'a:milestone:license:aaa:2:at2 dropped; nothing more will be paid for it',
    });
    expect(second.runtime.kvp.get(`${AWARD_DONE_PREFIX}a:milestone:license:aaa:2:at2`)).not.toBeNull();
    await second.flow.reconcile('claim');
    online(second);
    await second.clock.advance(10_000);
    await second.flow.claim(1);
    expect(second.heard.filter((event) => event.startsWith('decided:'))).toEqual([]);
    expect(second.programs.history.get(ANA.license).total).toBe(2);
    expect(wallet(second)).toEqual({ money: 1000, bank: 300, bread: 2 });
    expect(told(second)).not.toContain(SECOND_CASH);
    expect(openEntries(second)).toEqual([]);
    expect(
      second.programs.awards.create({
        id: 'a:milestone:license:aaa:2:at2',
        license: ANA.license,
        name: 'Ana',
        info: { program: 'milestone', value: 2, month: null, voteRef: null },
        rewards: [{ type: 'money', amount: 1000 }],
      }),
    ).toBe('done');
    expect(openEntries(second)).toEqual([]);
  });

  it('an owed award dropped by an admin is never paid, even when there is room again', async () => {
    const w = world(HIGH);
    await firstDay(w);
    await w.clock.advance(DAY);
    await voteOnSite(w);
    w.esx.setWeight(1, 8);
    await w.flow.claim(1);
    expect(w.flow.drop('a:milestone:license:aaa:2:at2').ok).toBe(true);
    w.esx.setWeight(1, 0);
    await w.clock.advance(60_000);
    await w.flow.claim(1);
    await w.flow.reconcile();
    expect(w.esx.itemCount(1, 'bread')).toBe(0);
    expect(openEntries(w)).toEqual([]);
  });
});

describe('awards through the claim flow: journal entries written by 0.2.0', () => {
  /** A 0.2.0 (format 2) entry: claimed, nothing paid; no award, draws or recorded fields. */
  const legacyEntry = (at: number, given = [false, false]) => ({
    format: 2,
    id: 'old00001',
    state: 'claimed',
    name: 'Ana',
    license: ANA.license,
    votedAt: new Date(at - 60_000).toISOString(),
    voteId: 'vote-from-0.2.0',
    rewards: [
      { type: 'money', amount: 500 },
      { type: 'bank', amount: 50 },
    ],
    given,
    giving: null,
    before: null,
    problem: null,
    createdAt: at,
    updatedAt: at,
  });

  it.each([
    ['nothing paid yet', [false, false], { money: 500, bank: 150 }],
    ['the cash paid already', [true, false], { money: 0, bank: 150 }],
  ])('a claimed entry (%s) is recorded once when paid and earns its awards', async (_label, given, paid) => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const esx = createFakeEsx(fake, { items: { bread: 1 }, maxWeight: 10 });
    const adapter = createEsxAdapter({ host: fake.host });
    esx.load(1, 'char1:ana', { money: 0, bank: 0 });
    const kvp = new Map([
      [`${JOURNAL_PREFIX}old00001`, JSON.stringify(legacyEntry(clock.now() - HOUR, given))],
    ]);

    const w = boot({ clock, api, esx, adapter }, kvp, LOW);
    await w.flow.reconcile('claim');
    expect(w.heard).toEqual(['recorded:vote-from-0.2.0', 'decided:a:first:license:aaa']);
    online(w);
    await w.clock.advance(5_000);
    expect(wallet(w)).toEqual({ ...paid, bread: 0 });
    expect(told(w)).toEqual([RECEIVED('500$ in cash, 50$ in the bank'), FIRST]);
    expect(openEntries(w)).toEqual([]);

    // Restarted again, and again: recorded once.
    const again = boot(w, w.runtime.snapshot(), LOW);
    await again.flow.reconcile('claim');
    online(again);
    await again.clock.advance(10_000);
    await again.flow.claim(1);
    expect(again.heard).toEqual([]);
    const history = again.programs.history.get(ANA.license);
    expect(history).toMatchObject({ total: 1, recent: ['vote-from-0.2.0'] });
    expect(wallet(again)).toEqual({ ...paid, bread: 0 });
  });
});

describe('award-done marks', () => {
  it('are kept 60 days, then pruned; unreadable marks go too', async () => {
    const w = world();
    await firstDay(w);
    const mark = `${AWARD_DONE_PREFIX}a:first:license:aaa`;
    w.runtime.kvp.set(`${AWARD_DONE_PREFIX}a:broken`, 'not a time');
    expect(w.programs.awards.prune()).toBe(1);
    await w.clock.advance(AWARD_DONE_KEEP_MS);
    expect(w.programs.awards.prune()).toBe(0);
    expect(w.runtime.kvp.get(mark)).not.toBeNull();
    await w.clock.advance(1);
    expect(w.programs.awards.prune()).toBe(1);
    expect(w.runtime.kvp.keys(AWARD_DONE_PREFIX)).toEqual([]);
  });
});
