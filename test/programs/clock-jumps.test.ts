/**
 * A wrong server clock decides nothing (the outside review's cases): the mock API and the timers keep the true
 * time, the resource's clock jumps a month forward or back, and what the vote party and the month's top voters decide
 * and pay is checked against what the true month calls for.
 */
import { describe, expect, it } from 'vitest';
import { createSkewedShared, type SkewedShared } from '../../devkit/worlds/clock-world';
import {
  addVotes,
  awardPayouts,
  bootWorld,
  online,
  type ProgramsWorld,
} from '../../devkit/worlds/programs-world';
import { TOP_LAST_MONTH_KEY, type TopVoters } from '../../src/programs/top';

const MIN = 60_000;
const DAY = 86_400_000;
const MONTH = 30 * DAY;
const NOV_21 = Date.parse('2026-11-21T10:00:00.000Z');
const TOP_SETTINGS = {
  command: 'votetop',
  awards: [{ rank: 1, reward: [{ type: 'money' as const, amount: 5000 }] }],
};

const PARTY = {
  voteParty: { enabled: true, every: 10, reward: { type: 'money', amount: 1000 }, announceMinutes: 0 },
  // Built (not started) by every party world, so the top prize is one the config can pay.
  topVoters: { enabled: true, ...TOP_SETTINGS },
};

const partyKeys = (w: ProgramsWorld, month: string) => w.runtime.kvp.keys(`party:decision:${month}:`);

/** A party world with Ana and Bo online whose first read (the base line, 0 votes) has passed. */
const partyWorld = async (shared: SkewedShared, kvp?: Map<string, string>) => {
  const w = bootWorld(shared, PARTY, { kvp });
  online(w, 1, 'Ana', 'license:a');
  online(w, 2, 'Bo', 'license:b');
  w.party?.start();
  await w.clock.settle();
  return w;
};

/** 31 votes of November in three steps: parties 10, 20 and 30 decided and paid to Ana and Bo (6 payouts). */
const thirtyOne = async (w: ProgramsWorld, shared: SkewedShared) => {
  for (const n of [10, 10, 11]) {
    addVotes(w.api, shared.truth.now(), n);
    await shared.truth.advance(MIN);
  }
  expect(partyKeys(w, '2026-11')).toHaveLength(3);
  expect(awardPayouts(w.adapter, 'a:party:')).toHaveLength(6);
};

describe('vote party: a clock one month forward with the count unchanged', () => {
  it('decides nothing for the wrong month, and the true month pays its own first parties once it comes', async () => {
    const shared = createSkewedShared(NOV_21);
    const w = await partyWorld(shared);
    await thirtyOne(w, shared);
    shared.skew(MONTH);
    await shared.truth.advance(10 * MIN);
    expect(partyKeys(w, '2026-12')).toEqual([]);
    expect(awardPayouts(shared.adapter, 'a:party:')).toHaveLength(6);
    shared.skew(0);
    await shared.truth.advance(10 * MIN);
    w.stop();
    // The true December: its count starts from 0, and its 10th vote is a party.
    await shared.truth.advance(Date.parse('2026-12-02T10:00:00.000Z') - shared.truth.now());
    const december = await partyWorld(shared, w.runtime.snapshot());
    addVotes(shared.api, shared.truth.now(), 10);
    await shared.truth.advance(MIN);
    expect(awardPayouts(shared.adapter, 'a:party:2026-12:')).toEqual([
      'a:party:2026-12:10:license:a@1',
      'a:party:2026-12:10:license:b@2',
    ]);
    december.stop();
  });
});

describe('vote party: a clock one month back', () => {
  it('pays nothing again for a month before the party started', async () => {
    const shared = createSkewedShared(NOV_21);
    const before = await partyWorld(shared);
    await thirtyOne(before, shared);
    // The server restored from a snapshot with its clock a month behind.
    before.stop();
    shared.skew(-MONTH);
    const w = await partyWorld(shared, before.runtime.snapshot());
    await shared.truth.advance(10 * MIN);
    expect(partyKeys(w, '2026-10')).toEqual([]);
    expect(awardPayouts(shared.adapter, 'a:party:')).toHaveLength(6);
    const clockLines = w.runtime.logs.filter((l) => l.message.includes('clock')).map((l) => l.message);
    expect(clockLines).toHaveLength(1);
    expect(clockLines[0]).toMatch(
      /^vote-reward: vote party: the server clock is 43\d{3} min behind the latest time/,
    );
    shared.skew(0);
    await shared.truth.advance(60 * MIN);
    addVotes(shared.api, shared.truth.now(), 10);
    await shared.truth.advance(MIN);
    // Back on time: the next November party is decided as usual.
    expect(awardPayouts(shared.adapter, 'a:party:2026-11:40:')).toHaveLength(2);
    w.stop();
  });
});

/** Top voters over a world (the party on, so counts are read), with month changes confirmed by the API's counter. */
const topOf = (w: ProgramsWorld): TopVoters => {
  if (!w.top) throw new Error('the world was built without topVoters');
  w.top.start();
  return w.top;
};

const claimVote = async (w: ProgramsWorld, shared: SkewedShared, source: number, name: string) => {
  w.api.addVote(name, shared.truth.now());
  expect((await w.flow.claim(source)).code).toBe('rewarded');
  await shared.truth.advance(11_000);
};

describe('top voters: a clock one month forward', () => {
  it("does not decide last month's prizes early from a partial ranking; decides them once the true month ends", async () => {
    const shared = createSkewedShared(NOV_21);
    const w = await partyWorld(shared);
    const top = topOf(w);
    await claimVote(w, shared, 1, 'Ana');
    shared.skew(MONTH);
    await shared.truth.advance(10 * MIN);
    expect(top.decision('2026-11')).toBeNull();
    expect(awardPayouts(shared.adapter, 'a:top:')).toEqual([]);
    shared.skew(0);
    await shared.truth.advance(MIN);
    // Bo votes twice later in the true November: he wins it.
    await claimVote(w, shared, 2, 'Bo');
    w.api.addVote('Bo', shared.truth.now() + 3 * 3_600_000);
    await shared.truth.advance(3 * 3_600_000);
    expect((await w.flow.claim(2)).code).toBe('rewarded');
    w.stop();
    top.stop();
    await shared.truth.advance(Date.parse('2026-12-01T00:30:00.000Z') - shared.truth.now());
    const december = await partyWorld(shared, w.runtime.snapshot());
    const again = topOf(december);
    await shared.truth.advance(3 * MIN);
    expect(again.decision('2026-11')?.awards.map((a) => a.license)).toEqual(['license:b']);
    expect(awardPayouts(shared.adapter, 'a:top:')).toEqual(['a:top:2026-11:1:license:b@2']);
    december.stop();
    again.stop();
  });
});

describe('top voters: a clock one month back', () => {
  it('never moves the last decided month back, so the earlier month is never decided when the clock returns', async () => {
    const shared = createSkewedShared(NOV_21);
    const w = bootWorld(shared, { topVoters: { enabled: true, ...TOP_SETTINGS } });
    online(w, 1, 'Ana', 'license:a');
    const top = topOf(w);
    expect(w.runtime.kvp.get(TOP_LAST_MONTH_KEY)).toBe('2026-11');
    shared.skew(-MONTH);
    await shared.truth.advance(10 * MIN);
    expect(w.runtime.kvp.get(TOP_LAST_MONTH_KEY)).toBe('2026-11');
    expect(w.runtime.logs.filter((l) => l.message.startsWith('vote-reward: top voters:'))).toHaveLength(1);
    w.programs.history.put({
      ...w.programs.history.get('license:a'),
      name: 'Ana',
      total: 1,
      months: { '2026-10': 1 },
      monthReachedAt: { '2026-10': shared.clock.now() },
    });
    shared.skew(0);
    await shared.truth.advance(10 * MIN);
    expect(top.decision('2026-10')).toBeNull();
    expect(awardPayouts(shared.adapter, 'a:top:')).toEqual([]);
    w.stop();
    top.stop();
  });
});

describe('vote party: a month change confirmed by the counter, the server killed at each write of that read', () => {
  const EVERY_3 = { voteParty: { ...PARTY.voteParty, every: 3 } };
  const boot = async (shared: SkewedShared, kvp?: Map<string, string>) => {
    const w = bootWorld(shared, EVERY_3, { kvp });
    online(w, 1, 'Ana', 'license:a');
    online(w, 2, 'Bo', 'license:b');
    w.party?.start();
    await shared.truth.settle();
    return w;
  };
  const DEC_1 = Date.parse('2026-12-01T00:00:00.000Z');

  // The first read of December writes: the clock record (December confirmed by the counter's drop from 5 to 4),
  // decision 3 of December, award a, award b, progress 3, the clock's high-water mark.
  it.each([1, 2, 3, 4, 5, 6])(
    'a crash at write %i decides December once, for the right month, and pays each share once',
    async (n) => {
      const shared = createSkewedShared(Date.parse('2026-11-30T23:40:00.000Z'));
      const first = await boot(shared);
      addVotes(shared.api, shared.truth.now(), 5);
      await shared.truth.advance(DEC_1 - 1000 - shared.truth.now());
      expect(awardPayouts(shared.adapter, 'a:party:2026-11:')).toHaveLength(2);
      addVotes(shared.api, DEC_1, 4);
      const writes = first.runtime.kvpWrites;
      first.runtime.crashOnKvpWrite(n);
      await shared.truth.advance(1000);
      expect(
        first.runtime.logs.some((l) => l.message.includes(`simulated crash at KVP write #${writes + n}`)),
      ).toBe(true);
      first.stop();
      const second = await boot(shared, first.runtime.snapshot());
      // As the resource does at start: open entries (awards written before the kill) are settled.
      await second.flow.reconcile('claim');
      await shared.truth.advance(2 * MIN);
      expect(partyKeys(second, '2026-12')).toEqual(['party:decision:2026-12:3']);
      expect(awardPayouts(shared.adapter, 'a:party:2026-12:').sort()).toEqual([
        'a:party:2026-12:3:license:a@1',
        'a:party:2026-12:3:license:b@2',
      ]);
      expect(partyKeys(second, '2026-11')).toEqual(['party:decision:2026-11:3']);
      expect(second.flow.pending()).toEqual([]);
      second.stop();
    },
  );
});

describe('vote party: an admin accepts the clock', () => {
  it('votereward party confirm accepts the clock as it is now; a month before the party started still decides nothing', async () => {
    const shared = createSkewedShared(NOV_21);
    const before = await partyWorld(shared);
    await thirtyOne(before, shared);
    before.stop();
    shared.skew(-MONTH);
    const w = await partyWorld(shared, before.runtime.snapshot());
    await shared.truth.advance(2 * MIN);
    expect(w.party?.status().waiting).toBe('clock');
    expect(await w.party?.confirm()).toEqual([
      `vote party: the server clock (${new Date(shared.clock.now()).toISOString()}) is accepted; decisions go on at the next read`,
    ]);
    await shared.truth.advance(5 * MIN);
    expect(w.party?.status().waiting).toBeNull();
    expect(partyKeys(w, '2026-10')).toEqual([]);
    expect(awardPayouts(shared.adapter, 'a:party:')).toHaveLength(6);
    w.stop();
  });
});
