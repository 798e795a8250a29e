/**
 * Stored rewards are bounded by the config: a journal entry edited (or left by another config) to pay what the config
 * could not have produced is held for an admin, on every path that pays, and paid only by an admin's grant.
 */
import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { bootWorld, createShared, type ProgramsWorld } from '../../devkit/worlds/programs-world';
import { createJournal, JOURNAL_PREFIX, type JournalEntry } from '../../src/engine/journal';
import { awardOpened } from '../../src/engine/transitions';
import type { Reward } from '../../src/rewards/types';
import { rewardBoundsOf } from '../../src/store/bounds';

const ANA = { name: 'Ana', license: 'license:aaa' };

describe('rewardBoundsOf', () => {
  const bounds = rewardBoundsOf([
    { type: 'money', amount: 500 },
    { type: 'money', amount: 1_000_000_000 },
    { type: 'item', item: 'bread', count: 3 },
    { type: 'custom', event: 'shop:coupon' },
  ]);
  it.each<[string, Reward, string | null]>([
    ['money at the configured maximum', { type: 'money', amount: 1_000_000_000 }, null],
    ['money below it', { type: 'money', amount: 1 }, null],
    ['money above it (the review: 1e15)', { type: 'money', amount: 1e15 }, 'above the configured 1000000000'],
    ['money that is not whole', { type: 'money', amount: 2.5 }, 'not a whole amount'],
    ['money below 1', { type: 'money', amount: -5 }, 'not a whole amount'],
    ['money beyond the safe integers', { type: 'money', amount: 2 ** 60 }, 'not a whole amount'],
    ['bank the config never pays', { type: 'bank', amount: 1 }, 'pays no bank'],
    ['an item within its count', { type: 'item', item: 'bread', count: 3 }, null],
    ['an item above its count', { type: 'item', item: 'bread', count: 4 }, 'above the configured 3'],
    ['an item the config never pays', { type: 'item', item: 'weapon_rpg', count: 1 }, 'pays no item'],
    ['a configured custom event', { type: 'custom', event: 'shop:coupon' }, null],
    ['a custom command never configured', { type: 'custom', command: 'quit' }, 'no such custom reward'],
    [
      'a custom event with a command added',
      { type: 'custom', event: 'shop:coupon', command: 'quit' },
      'no such',
    ],
  ])('%s', (_name, reward, problem) => {
    const found = bounds.problemOf(reward);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

/** A milestone award of Ana's, as `awardOpened` writes it, with its rewards replaced by `rewards`. */
const award = (id: string, rewards: Reward[]): JournalEntry => ({
  ...awardOpened(
    {
      id,
      license: ANA.license,
      name: ANA.name,
      info: { program: 'milestone', value: 1, month: null, voteRef: 'v0' },
    },
    { rewards, draws: [] },
    1,
  ),
});

const CONFIG = {
  reward: { type: 'money', amount: 100 },
  milestones: [{ at: 50, reward: { type: 'money', amount: 1_000_000_000 } }],
};

/** A server started over a KVP holding two open awards of Ana: one edited to 1e15, one as the config pays it. */
async function worldWithEditedAward(): Promise<ProgramsWorld> {
  const kvp = new Map([
    [`${JOURNAL_PREFIX}a:edited`, JSON.stringify(award('a:edited', [{ type: 'money', amount: 1e15 }]))],
    [`${JOURNAL_PREFIX}a:fair`, JSON.stringify(award('a:fair', [{ type: 'money', amount: 100 }]))],
  ]);
  const world = bootWorld(createShared(), CONFIG, { kvp });
  world.flow.start();
  await world.clock.settle();
  return world;
}

const stored = (world: ProgramsWorld, id: string) =>
  JSON.parse(world.runtime.kvpData.get(`${JOURNAL_PREFIX}${id}`) ?? 'null') as JournalEntry | null;

describe('an open award edited beyond the config', () => {
  // The award the config can pay is the control: the same paths pay it (an admin retry names only the edited one).
  it.each<[string, (world: ProgramsWorld) => Promise<unknown>, number]>([
    [
      'a join',
      async (w) => {
        w.runtime.join(1, ANA);
        await w.clock.advance(10_000);
      },
      1,
    ],
    [
      'the reconcile at start and on the timer',
      async (w) => {
        w.runtime.onlinePlayers.set(1, ANA);
        await w.flow.reconcile('poll');
        await w.clock.advance(60_000);
      },
      1,
    ],
    [
      'a party or top settle',
      async (w) => {
        w.runtime.onlinePlayers.set(1, ANA);
        await w.flow.settlePlayer(ANA.license);
      },
      1,
    ],
    [
      'a /vote',
      async (w) => {
        w.runtime.onlinePlayers.set(1, ANA);
        w.api.addVote(ANA.name, w.clock.now());
        await w.flow.claim(1);
      },
      1,
    ],
    [
      'an admin retry',
      async (w) => {
        w.runtime.onlinePlayers.set(1, ANA);
        await w.flow.retry('a:edited');
      },
      0,
    ],
  ])('is never paid by %s; it waits for an admin as reward_out_of_bounds', async (_path, act, fairPaid) => {
    const world = await worldWithEditedAward();
    await act(world);
    expect(world.adapter.paid.map((p) => p.reward)).not.toContainEqual({ type: 'money', amount: 1e15 });
    expect(world.adapter.paid.filter((p) => p.ref === 'a:fair')).toHaveLength(fairPaid);
    expect(stored(world, 'a:edited')).toMatchObject({
      state: 'needs_admin',
      problem: 'reward_out_of_bounds',
    });
    expect(world.runtime.logs.filter((l) => l.message.includes('a:edited of Ana'))).toEqual([
      expect.objectContaining({
        level: 'error',
        message: expect.stringContaining('money 1000000000000000 is above'),
      }),
    ]);
  });

  it('is held when edited while the server runs, not only when found at start', async () => {
    const world = bootWorld(createShared(), CONFIG);
    world.flow.start();
    await world.clock.settle();
    world.runtime.kvpData.set(
      `${JOURNAL_PREFIX}a:late`,
      JSON.stringify(award('a:late', [{ type: 'money', amount: 1e15 }])),
    );
    world.runtime.join(1, ANA);
    // Written behind the engine's back: its index learns of it at the next full scan (the 15 s reconciliation).
    await world.clock.advance(20_000);
    expect(world.adapter.paid).toEqual([]);
    expect(stored(world, 'a:late')).toMatchObject({ state: 'needs_admin', problem: 'reward_out_of_bounds' });
  });

  it('is paid once when an admin grants it', async () => {
    const world = await worldWithEditedAward();
    world.runtime.onlinePlayers.set(1, ANA);
    const granted = await world.flow.grant('a:edited');
    expect(granted.ok).toBe(true);
    expect(world.adapter.paid.filter((p) => p.ref === 'a:edited').map((p) => p.reward)).toEqual([
      { type: 'money', amount: 1e15 },
    ]);
    expect(stored(world, 'a:edited')).toBeNull();
  });

  it('an admin grant of a held entry the player cannot take yet keeps it approved for the next join', async () => {
    const world = await worldWithEditedAward();
    await world.flow.grant('a:edited');
    expect(stored(world, 'a:edited')).toMatchObject({ state: 'claimed', approved: true });
    world.stop();
    const after = bootWorld(world, CONFIG, { kvp: world.runtime.snapshot() });
    after.runtime.join(1, ANA);
    await after.clock.advance(10_000);
    expect(after.adapter.paid.filter((p) => p.ref === 'a:edited')).toHaveLength(1);
  });
});

describe('the journal with bounds', () => {
  it('holds an entry once, writing it back as needs_admin, and reports it once', () => {
    const runtime = createFakeRuntime();
    const held: string[] = [];
    const journal = createJournal({
      kvp: runtime.kvp,
      now: runtime.now,
      bounds: rewardBoundsOf([{ type: 'money', amount: 100 }]),
      onHeld: (entry, detail) => held.push(`${entry.id}: ${detail}`),
    });
    runtime.kvp.set(`${JOURNAL_PREFIX}a:x`, JSON.stringify(award('a:x', [{ type: 'money', amount: 101 }])));
    expect(journal.get('a:x')).toMatchObject({ state: 'needs_admin', problem: 'reward_out_of_bounds' });
    expect(journal.all()).toHaveLength(1);
    expect(held).toEqual(['a:x: reward #1: money 101 is above the configured 100']);
  });

  it('does not hold a reward already given, only what is still owed', () => {
    const runtime = createFakeRuntime();
    const journal = createJournal({
      kvp: runtime.kvp,
      now: runtime.now,
      bounds: rewardBoundsOf([{ type: 'money', amount: 100 }]),
    });
    const entry = award('a:y', [
      { type: 'money', amount: 500 },
      { type: 'money', amount: 100 },
    ]);
    runtime.kvp.set(`${JOURNAL_PREFIX}a:y`, JSON.stringify({ ...entry, given: [true, false] }));
    expect(journal.get('a:y')).toMatchObject({ state: 'claimed', problem: null });
  });
});
