import { describe, expect, it } from 'vitest';
import { createReminderQueue } from '../../src/poll/reminders';

const MIN = 60_000;

describe('createReminderQueue', () => {
  it('reminds a player who can vote every interval after joining', () => {
    const q = createReminderQueue(30 * MIN);
    q.addPlayer(1, 0, 0);
    expect(q.due(30 * MIN - 1)).toEqual([]);
    expect(q.due(30 * MIN)).toEqual([1]);
    expect(q.due(59 * MIN)).toEqual([]);
    expect(q.due(60 * MIN)).toEqual([1]);
  });

  it('never reminds a player before the site cooldown since their last claim is over', () => {
    const q = createReminderQueue(10 * MIN);
    q.addPlayer(1, 0, 0);
    q.claimed(1, 5 * MIN, 125 * MIN);
    expect(q.due(124 * MIN)).toEqual([]);
    expect(q.nextDueAt()).toBe(125 * MIN);
    expect(q.due(125 * MIN)).toEqual([1]);
  });

  it('plans the first reminder of a joiner who claimed recently at the end of their cooldown', () => {
    const q = createReminderQueue(10 * MIN);
    q.addPlayer(1, 0, 90 * MIN);
    q.addPlayer(2, 0, 0);
    expect(q.due(89 * MIN)).toEqual([2]);
    expect(q.due(90 * MIN)).toEqual([1]);
  });

  it('forgets players who leave', () => {
    const q = createReminderQueue(MIN);
    q.addPlayer(1, 0, 0);
    q.removePlayer(1);
    q.claimed(1, 0, 0);
    expect(q.size).toBe(0);
    expect(q.due(10 * MIN)).toEqual([]);
  });

  it('refuses an interval that is not a positive number', () => {
    expect(() => createReminderQueue(0)).toThrow(
      /reminder interval: expected a number of milliseconds > 0, got 0/,
    );
  });
});
