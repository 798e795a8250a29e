import { createIndexedHeap } from '../domain/indexed-heap';

/**
 * When to remind each online player that they can vote. Pure: every call gets `now`.
 * A player is never due before the site lets them vote again (`canVoteAt`).
 */
export interface ReminderQueue {
  /** Number of players with a reminder planned. */
  readonly size: number;
  /** Plans the first reminder of a player: one interval after joining, never before `canVoteAt`. */
  addPlayer(id: number, now: number, canVoteAt: number): void;
  /** Forgets a player. */
  removePlayer(id: number): void;
  /** The player just claimed: the next reminder waits for the site cooldown (`canVoteAt`). */
  claimed(id: number, now: number, canVoteAt: number): void;
  /** Removes and returns the players due at `now`, each planned again one interval later. */
  due(now: number): number[];
  /** Time of the earliest planned reminder, or null. */
  nextDueAt(): number | null;
}

/** Creates a reminder queue that reminds every `intervalMs`. */
export function createReminderQueue(intervalMs: number): ReminderQueue {
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
    throw new RangeError(`reminder interval: expected a number of milliseconds > 0, got ${intervalMs}`);
  }
  const heap = createIndexedHeap<number>();
  return {
    get size() {
      return heap.size;
    },
    addPlayer(id, now, canVoteAt) {
      heap.set(id, Math.max(now + intervalMs, canVoteAt));
    },
    removePlayer(id) {
      heap.delete(id);
    },
    claimed(id, now, canVoteAt) {
      if (heap.has(id)) heap.set(id, Math.max(now + intervalMs, canVoteAt));
    },
    due(now) {
      const ids: number[] = [];
      for (let top = heap.peek(); top && top.key <= now; top = heap.peek()) {
        ids.push(top.id);
        heap.set(top.id, now + intervalMs);
      }
      return ids;
    },
    nextDueAt() {
      return heap.peek()?.key ?? null;
    },
  };
}
