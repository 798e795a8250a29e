import { describe, expect, it } from 'vitest';
import { type CheckReason, createPollScheduler, type SchedulerOptions } from '../../src/poll/scheduler';

const options: SchedulerOptions = {
  linkIntervalMs: 15_000,
  linkDurationMs: 600_000,
  joinDelayMs: 5_000,
  minRecheckMs: 30_000,
};

/** Asks the scheduler once per `stepMs` from `from` to `to`, like a paced poller, and records every pick. */
const drive = (
  scheduler: ReturnType<typeof createPollScheduler>,
  from: number,
  to: number,
  stepMs: number,
) => {
  const picks: { at: number; id: number; reason: CheckReason }[] = [];
  for (let at = from; at <= to; at += stepMs) {
    const pick = scheduler.next(at);
    if (pick) picks.push({ at, ...pick });
  }
  return picks;
};

describe('createPollScheduler', () => {
  it('checks a joining player once, joinDelay after the join, not before', () => {
    const s = createPollScheduler(options);
    s.addPlayer(1, 0);
    expect(s.next(4_999)).toBeNull();
    expect(s.next(5_000)).toEqual({ id: 1, reason: 'join' });
    expect(s.next(5_001)).toBeNull();
    expect(s.sizes()).toMatchObject({ join: 0, roundRobin: 1 });
  });

  it('checks a player shown the link every interval for the configured duration, then returns them to round-robin', () => {
    const s = createPollScheduler({ ...options, minRecheckMs: 10 * 60_000 });
    s.addPlayer(1, 0);
    s.next(5_000);
    s.linkShown(1, 10_000);
    expect(s.isLinkActive(1, 10_000)).toBe(true);
    const picks = drive(s, 10_000, 700_000, 1_000).filter((p) => p.at < 610_000);
    expect(picks.every((p) => p.reason === 'link')).toBe(true);
    expect(picks.map((p) => p.at)).toEqual(Array.from({ length: 39 }, (_, i) => 25_000 + i * 15_000));
    expect(s.isLinkActive(1, 610_000)).toBe(false);
    expect(s.sizes()).toMatchObject({ link: 0, roundRobin: 1 });
  });

  it('serves link-shown players first, then joiners, then round-robin', () => {
    const s = createPollScheduler(options);
    for (const id of [1, 2, 3]) s.addPlayer(id, 0);
    expect(drive(s, 5_000, 5_000, 1).map((p) => p.id)).toEqual([1]);
    s.next(5_000);
    s.next(5_000);
    s.addPlayer(4, 40_000);
    s.linkShown(3, 30_000);
    const picks = [s.next(45_000), s.next(45_000), s.next(45_000), s.next(45_000)];
    expect(picks).toEqual([
      { id: 3, reason: 'link' },
      { id: 4, reason: 'join' },
      { id: 1, reason: 'round_robin' },
      { id: 2, reason: 'round_robin' },
    ]);
  });

  it('takes round-robin players oldest-checked first and never sooner than minRecheck after their last check', () => {
    const s = createPollScheduler(options);
    for (const id of [1, 2, 3]) s.addPlayer(id, 0);
    expect([s.next(5_000)?.id, s.next(6_000)?.id, s.next(7_000)?.id]).toEqual([1, 2, 3]);
    expect(s.next(34_999)).toBeNull();
    expect(s.nextDueAt(34_999)).toBe(35_000);
    expect(s.next(35_000)).toEqual({ id: 1, reason: 'round_robin' });
    expect(s.next(40_000)).toEqual({ id: 2, reason: 'round_robin' });
    expect(s.next(40_000)).toEqual({ id: 3, reason: 'round_robin' });
    expect(s.next(40_000)).toBeNull();
  });

  it.each([
    ['a pending reward or an announced vote', 'skip'],
    ['a cooldown after claiming', 'cool'],
  ] as const)('never checks a player with %s until that ends', (_label, kind) => {
    const s = createPollScheduler(options);
    s.addPlayer(1, 0);
    s.addPlayer(2, 0);
    if (kind === 'skip') s.setSkipped(1, true, 0);
    else s.setCoolingUntil(1, 3_600_000, 0);
    s.linkShown(2, 0);
    const before = drive(s, 0, 3_599_000, 1_000);
    expect(before.some((p) => p.id === 1)).toBe(false);
    expect(before.length).toBeGreaterThan(0);
    if (kind === 'skip') s.setSkipped(1, false, 3_600_000);
    expect(s.next(3_600_000)?.id).toBe(1);
  });

  it('a link shown to a skipped player takes effect once the skip ends', () => {
    const s = createPollScheduler(options);
    s.addPlayer(1, 0);
    s.next(5_000);
    s.setSkipped(1, true, 5_000);
    s.linkShown(1, 10_000);
    expect(s.next(60_000)).toBeNull();
    s.setSkipped(1, false, 60_000);
    expect(s.next(60_000)).toEqual({ id: 1, reason: 'link' });
  });

  it('ends the frequent link checks of a player who claimed and cools down; a link shown later starts them again', () => {
    const s = createPollScheduler(options);
    s.addPlayer(1, 0);
    s.next(5_000);
    s.linkShown(1, 10_000);
    expect(s.next(25_000)).toEqual({ id: 1, reason: 'link' });
    s.setCoolingUntil(1, 100_000_000, 30_000);
    expect(drive(s, 30_000, 700_000, 1_000)).toEqual([]);
    expect(s.sizes()).toMatchObject({ link: 0, cooling: 1 });
    s.linkShown(1, 700_000);
    expect(s.next(715_000)).toEqual({ id: 1, reason: 'link' });
  });

  it('checks returning players before the others, each no sooner than returningEveryMs, and only within their window', () => {
    const s = createPollScheduler(options);
    for (const id of [1, 2, 3]) s.addPlayer(id, 0);
    s.setReturning(3, 0, 200_000, 0);
    for (let i = 0; i < 3; i += 1) s.next(5_000);
    const policy = { roundRobin: true, since: Number.POSITIVE_INFINITY, returningEveryMs: 60_000 };
    expect(s.next(40_000, policy)).toEqual({ id: 1, reason: 'round_robin' });
    expect(s.next(65_000, policy)).toEqual({ id: 3, reason: 'returning' });
    expect(s.next(66_000, policy)).toEqual({ id: 2, reason: 'round_robin' });
    expect(s.next(125_000, policy)).toEqual({ id: 3, reason: 'returning' });
    expect(s.next(250_000, policy)).toEqual({ id: 1, reason: 'round_robin' });
    expect(s.sizes()).toMatchObject({ returning: 0, roundRobin: 3 });
    expect(s.next(250_000, { ...policy, roundRobin: false })).toBeNull();
  });

  it('in a search, picks only players not checked since it began, and says when all were', () => {
    const s = createPollScheduler({ ...options, minRecheckMs: 0 });
    for (const id of [1, 2, 3]) s.addPlayer(id, 0);
    for (let i = 0; i < 3; i += 1) s.next(5_000);
    s.next(6_000);
    const policy = { roundRobin: true, since: 6_000, returningEveryMs: 0 };
    expect(s.checkedSince(6_000, 7_000)).toBe(false);
    expect([s.next(7_000, policy)?.id, s.next(7_000, policy)?.id]).toEqual([2, 3]);
    expect(s.next(8_000, policy)).toBeNull();
    expect(s.checkedSince(6_000, 8_000)).toBe(true);
    s.addPlayer(4, 8_000);
    expect(s.checkedSince(6_000, 8_000)).toBe(false);
  });

  it('retrySoon puts a player back for one check now, ahead of round-robin', () => {
    const s = createPollScheduler(options);
    for (const id of [1, 2]) s.addPlayer(id, 0);
    s.next(5_000);
    s.next(5_000);
    s.retrySoon(2, 50_000);
    expect(s.next(50_000)).toEqual({ id: 2, reason: 'join' });
  });

  it('forgets players who leave, in whichever queue they were', () => {
    const s = createPollScheduler(options);
    for (const id of [1, 2, 3, 4]) s.addPlayer(id, 0);
    s.next(5_000);
    s.linkShown(2, 0);
    s.setSkipped(3, true, 0);
    for (const id of [1, 2, 3, 4]) s.removePlayer(id);
    expect(s.sizes()).toEqual({
      players: 0,
      link: 0,
      join: 0,
      returning: 0,
      roundRobin: 0,
      cooling: 0,
      skipped: 0,
    });
    expect(s.next(10_000_000)).toBeNull();
    expect(s.nextDueAt(0)).toBeNull();
  });

  it('gives every round-robin player one check before anyone gets a second, at 2048 players', () => {
    const s = createPollScheduler(options);
    for (let id = 1; id <= 2048; id++) s.addPlayer(id, 0);
    const picks = drive(s, 5_000, 5_000 + 3 * 2048 * 1_250, 1_250);
    const counts = new Map<number, number>();
    for (const [index, pick] of picks.entries()) {
      counts.set(pick.id, (counts.get(pick.id) ?? 0) + 1);
      expect(counts.get(pick.id)).toBe(Math.floor(index / 2048) + 1);
    }
  });

  it.each([
    [{ linkIntervalMs: 0 }, /linkIntervalMs: expected a number > 0, got 0/],
    [{ joinDelayMs: -1 }, /joinDelayMs: expected a finite number >= 0, got -1/],
    [{ minRecheckMs: Number.NaN }, /minRecheckMs: expected a finite number >= 0, got NaN/],
  ])('refuses bad options %o with a message naming the option', (bad, message) => {
    expect(() => createPollScheduler({ ...options, ...bad })).toThrow(message);
  });
});
