import { describe, expect, it } from 'vitest';
import type { VoteCount } from '../../contract/answers';
import {
  addVotes,
  awardPayouts,
  bootWorld,
  createShared,
  online,
  type ProgramsWorld,
  type Shared,
  toldTo,
} from '../../devkit/worlds/programs-world';
import { createTranslator } from '../../src/i18n/messages';
import { createVoteDetector } from '../../src/poll/detector';
import { formatPartyStatus, PARTY_SINCE_KEY } from '../../src/programs/party';

const MIN = 60_000;
const PARTY = {
  voteParty: { enabled: true, every: 3, reward: { type: 'money', amount: 1000 }, announceMinutes: 0 },
};
const ANA = ['Ana', 'license:a'] as const;
const BO = ['Bo', 'license:b'] as const;
const CY = ['Cy', 'license:c'] as const;
const STARTED = (votes: number) =>
  `Vote party! The server reached ${votes} votes this month: online voters get a reward.`;
const PAID = (votes: number) =>
  `Vote party! The server reached ${votes} votes this month: you received 1000$ in cash.`;

/** Boots a server with Ana (1) and Bo (2) online, starts the party and lets its first read (the base line) pass. */
const started = async (
  shared: Shared = createShared(),
  config: Record<string, unknown> = PARTY,
  kvp?: Map<string, string>,
  players: (readonly [string, string])[] = [ANA, BO],
): Promise<ProgramsWorld> => {
  const w = bootWorld(shared, config, { kvp });
  players.forEach(([name, license], index) => {
    online(w, index + 1, name, license);
  });
  w.party?.start();
  await w.clock.settle();
  return w;
};

const reached = (w: ProgramsWorld) =>
  w.heard.filter(([name]) => name === 'partyReached').map(([, payload]) => payload);
const countReads = (w: ProgramsWorld) => w.api.exchanges.filter((e) => e.path === '/api/v1/vote/count');

describe('vote party: thresholds', () => {
  it('starts at the count of its first read without deciding the thresholds already passed this month', async () => {
    const shared = createShared();
    addVotes(shared.api, shared.clock.now(), 10);
    const w = await started(shared);
    expect(w.runtime.kvp.get(PARTY_SINCE_KEY)).toBe('2026-11');
    expect(w.party?.status()).toMatchObject({ votes: 10, lastDecided: 9, nextThreshold: 12 });
    expect(reached(w)).toEqual([]);
    expect(w.adapter.paid).toEqual([]);
    addVotes(w.api, w.clock.now(), 2);
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([{ month: '2026-11', threshold: 12, votes: 12, players: 2 }]);
  });

  it('decides each threshold once as the count passes it, and pays the online players at once', async () => {
    const w = await started();
    expect(w.party?.status()).toMatchObject({ month: '2026-11', votes: 0, lastDecided: 0, nextThreshold: 3 });
    addVotes(w.api, w.clock.now(), 2);
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([]);
    addVotes(w.api, w.clock.now(), 1);
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([{ month: '2026-11', threshold: 3, votes: 3, players: 2 }]);
    expect(awardPayouts(w.adapter, 'a:party:')).toEqual([
      'a:party:2026-11:3:license:a@1',
      'a:party:2026-11:3:license:b@2',
    ]);
    expect(toldTo(w, 1)).toEqual([STARTED(3), PAID(3)]);
    expect(toldTo(w, 2)).toEqual([STARTED(3), PAID(3)]);
    await w.clock.advance(5 * MIN);
    expect(reached(w)).toHaveLength(1);
    addVotes(w.api, w.clock.now(), 3);
    await w.clock.advance(MIN);
    expect(reached(w).map((r) => (r as { threshold: number }).threshold)).toEqual([3, 6]);
    expect(awardPayouts(w.adapter, 'a:party:2026-11:6:')).toHaveLength(2);
    expect(w.flow.pending()).toEqual([]);
    expect(w.party?.status()).toMatchObject({ votes: 6, lastDecided: 6, nextThreshold: 9 });
    expect(w.party?.decision('2026-11', 6)?.players).toEqual([
      { license: 'license:a', name: 'Ana' },
      { license: 'license:b', name: 'Bo' },
    ]);
  });

  it('decides every threshold the count jumped past between two reads, each once', async () => {
    const w = await started();
    addVotes(w.api, w.clock.now(), 10);
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([
      { month: '2026-11', threshold: 3, votes: 10, players: 2 },
      { month: '2026-11', threshold: 6, votes: 10, players: 2 },
      { month: '2026-11', threshold: 9, votes: 10, players: 2 },
    ]);
    expect(awardPayouts(w.adapter, 'a:party:').sort()).toEqual(
      [3, 6, 9].flatMap((t) => [`a:party:2026-11:${t}:license:a@1`, `a:party:2026-11:${t}:license:b@2`]),
    );
    expect(toldTo(w, 1).filter((m) => m.startsWith('Vote party! The server reached'))).toHaveLength(6);
  });

  it('is shared by the loaded players only, asked just before the decision; a player still loading gets no share', async () => {
    const w = await started();
    w.adapter.notLoaded.add(2);
    addVotes(w.api, w.clock.now(), 3);
    await w.clock.advance(MIN);
    await w.clock.settle();
    expect(reached(w)).toEqual([{ month: '2026-11', threshold: 3, votes: 3, players: 1 }]);
    expect(w.party?.decision('2026-11', 3)?.players).toEqual([{ license: 'license:a', name: 'Ana' }]);
    w.adapter.notLoaded.delete(2);
    await w.clock.advance(5 * MIN);
    expect(awardPayouts(w.adapter, 'a:party:')).toEqual(['a:party:2026-11:3:license:a@1']);
    expect(toldTo(w, 2)).toEqual([STARTED(3)]);
  });

  it('skips players without a license or a readable name', async () => {
    const w = await started();
    online(w, 3, '^1 ', 'license:x');
    w.runtime.onlinePlayers.set(4, { name: 'NoLicense', license: null });
    addVotes(w.api, w.clock.now(), 3);
    await w.clock.advance(MIN);
    expect(w.party?.decision('2026-11', 3)?.players.map((p) => p.license)).toEqual([
      'license:a',
      'license:b',
    ]);
  });

  it('decides a threshold once across a restart: the same count read again decides nothing', async () => {
    const shared = createShared();
    const first = await started(shared);
    addVotes(shared.api, shared.clock.now(), 7);
    await shared.clock.advance(MIN);
    expect(reached(first)).toHaveLength(2);
    first.stop();
    const second = await started(shared, PARTY, first.runtime.snapshot());
    await shared.clock.advance(3 * MIN);
    expect(reached(second)).toEqual([]);
    expect(second.party?.status()).toMatchObject({ votes: 7, lastDecided: 6 });
    addVotes(shared.api, shared.clock.now(), 2);
    await shared.clock.advance(MIN);
    expect(reached(second)).toEqual([{ month: '2026-11', threshold: 9, votes: 9, players: 2 }]);
    const paid = awardPayouts(shared.adapter, 'a:party:');
    expect(paid).toHaveLength(6);
    expect(new Set(paid).size).toBe(6);
  });

  // Deciding 3 and 6 in one read with Ana and Bo writes: decision 3, award a, award b, progress 3, then the same for 6.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'a crash at write %i of two decisions pays each share once and never decides a second set of players',
    async (n) => {
      const shared = createShared();
      const first = await started(shared);
      addVotes(shared.api, shared.clock.now(), 6);
      first.runtime.crashOnKvpWrite(n);
      await shared.clock.advance(MIN);
      expect(first.runtime.logs.map((l) => l.message).join('\n')).toContain(`simulated crash at KVP write`);
      expect(awardPayouts(shared.adapter, 'a:party:')).toEqual([]);
      first.stop();
      // After the restart Cy is online too: only a threshold whose decision was not written can include Cy.
      const second = await started(shared, PARTY, first.runtime.snapshot(), [ANA, BO, CY]);
      await shared.clock.advance(MIN);
      const playersOf = (t: number) => second.party?.decision('2026-11', t)?.players.map((p) => p.name);
      expect(playersOf(3)).toEqual(n === 1 ? ['Ana', 'Bo', 'Cy'] : ['Ana', 'Bo']);
      expect(playersOf(6)).toEqual(n <= 5 ? ['Ana', 'Bo', 'Cy'] : ['Ana', 'Bo']);
      const paid = awardPayouts(shared.adapter, 'a:party:').sort();
      expect(paid).toEqual(
        [
          'a:party:2026-11:3:license:a@1',
          'a:party:2026-11:3:license:b@2',
          ...(n === 1 ? ['a:party:2026-11:3:license:c@3'] : []),
          'a:party:2026-11:6:license:a@1',
          'a:party:2026-11:6:license:b@2',
          ...(n <= 5 ? ['a:party:2026-11:6:license:c@3'] : []),
        ].sort(),
      );
      expect(second.flow.pending()).toEqual([]);
      expect(second.party?.status()).toMatchObject({ lastDecided: 6 });
      // A third start decides and pays nothing more.
      second.stop();
      const third = await started(shared, PARTY, second.runtime.snapshot(), [ANA, BO, CY]);
      await shared.clock.advance(2 * MIN);
      expect(reached(third)).toEqual([]);
      expect(awardPayouts(shared.adapter, 'a:party:')).toHaveLength(paid.length);
    },
  );

  it('a write that fails while the server keeps running is finished by the next read, with the same players', async () => {
    const w = await started();
    addVotes(w.api, w.clock.now(), 3);
    w.runtime.crashOnKvpWrite(2);
    await w.clock.advance(MIN);
    expect(w.runtime.logs.some((l) => l.message.includes('vote party: deciding failed'))).toBe(true);
    online(w, 3, ...CY);
    await w.clock.advance(MIN);
    expect(w.party?.decision('2026-11', 3)?.players.map((p) => p.name)).toEqual(['Ana', 'Bo']);
    expect(awardPayouts(w.adapter, 'a:party:')).toEqual([
      'a:party:2026-11:3:license:a@1',
      'a:party:2026-11:3:license:b@2',
    ]);
    expect(w.party?.status()).toMatchObject({ lastDecided: 3 });
  });
});

describe('vote party: eligibility, months, messages', () => {
  it('with minMonthlyVotes, shares a party only among players with that many votes claimed this month', async () => {
    const config = { voteParty: { ...PARTY.voteParty, minMonthlyVotes: 1 } };
    const w = await started(createShared(), config);
    w.api.addVote('Ana', w.clock.now());
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    addVotes(w.api, w.clock.now(), 2);
    w.runtime.told.length = 0;
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([{ month: '2026-11', threshold: 3, votes: 3, players: 1 }]);
    expect(awardPayouts(w.adapter, 'a:party:')).toEqual(['a:party:2026-11:3:license:a@1']);
    expect(toldTo(w, 1)).toEqual([STARTED(3), PAID(3)]);
    expect(toldTo(w, 2)).toEqual([
      STARTED(3),
      'Vote party! Vote 1 time(s) this month to share in the next one.',
    ]);
  });

  it('counts thresholds per UTC month: a new month starts again from 0', async () => {
    const shared = createShared(Date.parse('2026-11-30T23:00:00.000Z'));
    const w = await started(shared);
    addVotes(w.api, w.clock.now(), 2);
    await w.clock.advance(90 * MIN);
    expect(w.party?.status()).toMatchObject({ month: '2026-12', votes: 0, lastDecided: 0, nextThreshold: 3 });
    addVotes(w.api, w.clock.now(), 3);
    await w.clock.advance(MIN);
    expect(reached(w)).toEqual([{ month: '2026-12', threshold: 3, votes: 3, players: 2 }]);
    expect(w.runtime.kvp.get('party:progress:2026-11')).toBe('0');
    expect(w.runtime.kvp.get('party:progress:2026-12')).toBe('3');
    expect(awardPayouts(w.adapter, 'a:party:')).toEqual([
      'a:party:2026-12:3:license:a@1',
      'a:party:2026-12:3:license:b@2',
    ]);
  });

  it("waits early in a month while the API's monthly counter still holds the last month's votes", async () => {
    const w = await started();
    const count = (monthly: number, day: number): VoteCount => ({
      votes_total: 500,
      votes_24h: day,
      votes_7d: 100,
      votes_monthly: monthly,
      server_name: 'Test City',
      server_game: 'gta5',
    });
    w.party?.handleCount(count(40, 5), Date.parse('2026-12-01T02:00:00.000Z'), 'poller');
    expect(reached(w)).toEqual([]);
    expect(w.party?.status().waitingForReset).toBe(true);
    w.party?.handleCount(count(4, 5), Date.parse('2026-12-01T03:00:00.000Z'), 'poller');
    expect(reached(w)).toEqual([{ month: '2026-12', threshold: 3, votes: 4, players: 2 }]);
    expect(w.party?.status().waitingForReset).toBe(false);
  });

  it('announces the votes left every announceMinutes and after a /vote', async () => {
    const config = { voteParty: { ...PARTY.voteParty, announceMinutes: 5 } };
    const w = await started(createShared(), config);
    addVotes(w.api, w.clock.now(), 1);
    await w.clock.advance(5 * MIN);
    const progress = '2 more vote(s) to the next vote party (1/3 this month).';
    expect(toldTo(w, 1)).toEqual([progress]);
    expect(toldTo(w, 2)).toEqual([progress]);
    w.api.addVote('Ana', w.clock.now());
    await w.clock.advance(MIN);
    w.runtime.told.length = 0;
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    expect(toldTo(w, 1)).toEqual([
      'Thanks for voting! You received 100$ in cash.',
      '1 more vote(s) to the next vote party (2/3 this month).',
    ]);
  });

  it('shows its progress to admins', async () => {
    const w = await started();
    addVotes(w.api, w.clock.now(), 4);
    await w.clock.advance(MIN);
    const status = w.party?.status();
    expect(status).toBeDefined();
    if (!status) return;
    expect(formatPartyStatus(status, w.clock.now() + 5_000)).toEqual([
      'vote party (2026-11, UTC month; every 3 votes)',
      '  Count      4 vote(s) this month (read 5 s ago by the party)',
      '  Next       6 (2 to go)',
      '  Last paid  3 (2 player(s), decided at a count of 4)',
      '  Reads      2 sent, 0 failed, 0 left to the budget',
    ]);
  });
});

describe('vote party: request budget', () => {
  it('reads /vote/count at most once a minute, never a 429, and not at all while the poller reads it', async () => {
    const w = await started();
    await w.clock.advance(30 * MIN);
    const reads = countReads(w);
    expect(reads.length).toBeGreaterThanOrEqual(30);
    for (const read of reads)
      expect(reads.filter((r) => r.at > read.at - MIN && r.at <= read.at)).toHaveLength(1);
    expect(w.api.exchanges.filter((e) => e.status === 429)).toEqual([]);

    const detector = createVoteDetector({
      runtime: w.runtime,
      api: w.client,
      budget: w.budget,
      poll: w.config.poll,
      voteUrl: '',
      command: 'vote',
      translate: createTranslator('en'),
      claimName: w.flow.claimName,
      events: w.events,
      countIntervalMs: 30_000,
    });
    detector.start();
    await w.clock.advance(MIN);
    const ownReads = w.party?.status().reads.sent;
    addVotes(w.api, w.clock.now(), 3);
    await w.clock.advance(10 * MIN);
    expect(w.party?.status().reads.sent).toBe(ownReads);
    expect(w.party?.status()).toMatchObject({ readBy: 'poller', lastDecided: 3 });
    expect(reached(w)).toEqual([{ month: '2026-11', threshold: 3, votes: 3, players: 2 }]);
    detector.stop();
  });

  it('leaves a read the shared budget would refuse unsent, and reads again once it allows', async () => {
    const shared = createShared();
    const w = bootWorld(shared, PARTY, { budgetLimit: 5 });
    online(w, 1, ...ANA);
    // Four requests of others fill what the budget allows background reads (one of five is kept for claims).
    for (let i = 0; i < 4; i += 1) expect(w.budget.take('claim').ok).toBe(true);
    w.party?.start();
    await w.clock.settle();
    expect(countReads(w)).toEqual([]);
    expect(w.party?.status().reads).toEqual({ sent: 0, failed: 0, refused: 1 });
    await w.clock.advance(2 * MIN);
    expect(countReads(w)).toHaveLength(1);
    expect(w.party?.status()).toMatchObject({ votes: 0, reads: { sent: 1, refused: 2 } });
  });
});
