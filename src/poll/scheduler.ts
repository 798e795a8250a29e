import { createIndexedHeap } from '../domain/indexed-heap';

/** Why a player was picked for a `/vote/check`, highest priority first. */
export type CheckReason = 'link' | 'join' | 'returning' | 'round_robin';

/** Timing rules of the scheduler, all in milliseconds. */
export interface SchedulerOptions {
  /** How often a player who was just shown the vote link is checked. */
  linkIntervalMs: number;
  /** How long after the link was shown those frequent checks go on. */
  linkDurationMs: number;
  /** Delay between a join and that player's single early check. */
  joinDelayMs: number;
  /** Round-robin never checks the same player again sooner than this after their last check. */
  minRecheckMs: number;
}

/**
 * How round-robin picks are made at one moment. Without a policy: everyone in turn, returning players every
 * `minRecheckMs` at most, before the others.
 */
export interface PickPolicy {
  /** False: only link-shown and joining players are picked (no new vote to look for). */
  roundRobin: boolean;
  /** Only players not checked since this time are picked by round-robin (a search for votes counted then). */
  since: number;
  /** A returning player is checked again no sooner than this after their last check. */
  returningEveryMs: number;
}

/** One decision: check this player now, for this reason. */
export interface CheckPick {
  /** Server id of the player. */
  id: number;
  /** The queue the player was taken from. */
  reason: CheckReason;
}

/** Queue sizes, for `votereward status`. */
export interface SchedulerSizes {
  /** Players online that the scheduler knows. */
  players: number;
  /** Players in their frequent-check period after being shown the vote link. */
  link: number;
  /** Players waiting for their check after joining (or a retry). */
  join: number;
  /** Players who voted before and may vote again now: checked before the round-robin. */
  returning: number;
  /** Players checked in turn with the leftover budget. */
  roundRobin: number;
  /** Players left out until the site lets them vote again. */
  cooling: number;
  /** Players not checked at all: reward pending or already told. */
  skipped: number;
}

/**
 * Decides who gets the next `/vote/check`. Pure: no I/O, no clock of its own; every call gets `now`.
 * Each player sits in at most one heap, so a decision costs O(log n) whatever the number of players.
 */
export interface PollScheduler {
  /** A player joined: one check at `now + joinDelayMs`, then round-robin. */
  addPlayer(id: number, now: number): void;
  /** A player left: forgotten. */
  removePlayer(id: number): void;
  /** The player was shown the vote link: checked every `linkIntervalMs` for `linkDurationMs`. */
  linkShown(id: number, now: number): void;
  /** Leaves a player out of every queue (reward pending, already told) or puts them back. */
  setSkipped(id: number, skipped: boolean, now: number): void;
  /** Keeps a player out of every check until `until` (they claimed and cannot vote again yet); ends a link period. */
  setCoolingUntil(id: number, until: number, now: number): void;
  /** Asks for one more check soon (a check that failed), as a join check due at `now`. */
  retrySoon(id: number, now: number): void;
  /** Marks the player as likely to vote in [from, until) (they voted before and the site lets them vote again). */
  setReturning(id: number, from: number, until: number, now: number): void;
  /** Picks the player to check now and records the check as done at `now`; null when nobody is due. */
  next(now: number, policy?: PickPolicy): CheckPick | null;
  /** Earliest time something becomes due; null when nothing ever will without new events. */
  nextDueAt(now: number, policy?: PickPolicy): number | null;
  /** True when every player who can be checked was checked at or after `since` (none waits for a join check). */
  checkedSince(since: number, now: number): boolean;
  /** True when the player is in the frequent-check period after seeing the link. */
  isLinkActive(id: number, now: number): boolean;
  /** True when the player is known to the scheduler. */
  has(id: number): boolean;
  /** Queue sizes. */
  sizes(): SchedulerSizes;
}

type Place = 'link' | 'join' | 'returning' | 'round_robin' | 'cooling' | 'none';

interface PlayerState {
  lastCheckedAt: number;
  linkUntil: number;
  nextLinkAt: number;
  joinDueAt: number | null;
  coolingUntil: number;
  returningFrom: number;
  returningUntil: number;
  skipped: boolean;
  place: Place;
}

const checkOptions = (options: SchedulerOptions): void => {
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`scheduler option ${name}: expected a finite number >= 0, got ${String(value)}`);
    }
  }
  if (options.linkIntervalMs <= 0) {
    throw new RangeError(
      `scheduler option linkIntervalMs: expected a number > 0, got ${options.linkIntervalMs}`,
    );
  }
};

/** Creates a scheduler with the given timing rules. */
export function createPollScheduler(options: SchedulerOptions): PollScheduler {
  checkOptions(options);
  const players = new Map<number, PlayerState>();
  const heaps = {
    link: createIndexedHeap<number>(),
    join: createIndexedHeap<number>(),
    returning: createIndexedHeap<number>(),
    round_robin: createIndexedHeap<number>(),
    cooling: createIndexedHeap<number>(),
  };
  let skippedCount = 0;

  const unplace = (id: number, state: PlayerState): void => {
    if (state.place !== 'none') heaps[state.place].delete(id);
    state.place = 'none';
  };

  /** Puts the player in the one heap its state calls for. */
  const place = (id: number, state: PlayerState, now: number): void => {
    unplace(id, state);
    if (state.skipped) return;
    if (state.nextLinkAt < state.linkUntil) {
      state.place = 'link';
      heaps.link.set(id, state.nextLinkAt);
    } else if (state.coolingUntil > now) {
      state.place = 'cooling';
      heaps.cooling.set(id, state.coolingUntil);
    } else if (state.joinDueAt !== null) {
      state.place = 'join';
      heaps.join.set(id, state.joinDueAt);
    } else if (state.returningFrom <= now && now < state.returningUntil) {
      state.place = 'returning';
      heaps.returning.set(id, state.lastCheckedAt);
    } else {
      state.place = 'round_robin';
      heaps.round_robin.set(id, state.lastCheckedAt);
    }
  };

  const promoteCooled = (now: number): void => {
    for (let top = heaps.cooling.peek(); top && top.key <= now; top = heaps.cooling.peek()) {
      const state = players.get(top.id) as PlayerState;
      place(top.id, state, now);
    }
  };

  /** Moves returning players whose likely window ended back to round-robin (they sit at the top when due). */
  const expireReturning = (now: number): void => {
    for (let guard = 0; guard < 64; guard += 1) {
      const top = heaps.returning.peek();
      if (!top) return;
      const state = players.get(top.id) as PlayerState;
      if (now < state.returningUntil) return;
      place(top.id, state, now);
    }
  };

  const defaultPolicy = (): PickPolicy => ({
    roundRobin: true,
    since: Number.POSITIVE_INFINITY,
    returningEveryMs: options.minRecheckMs,
  });

  /** Earliest time a round-robin heap's top is due under the policy, or null. */
  const roundRobinDue = (heap: 'returning' | 'round_robin', policy: PickPolicy): number | null => {
    if (!policy.roundRobin) return null;
    const top = heaps[heap].peek();
    if (!top || top.key >= policy.since) return null;
    return top.key + (heap === 'returning' ? policy.returningEveryMs : options.minRecheckMs);
  };

  const withPlayer = (id: number, fn: (state: PlayerState) => void): void => {
    const state = players.get(id);
    if (state) fn(state);
  };

  return {
    addPlayer(id, now) {
      const existing = players.get(id);
      if (existing) {
        unplace(id, existing);
        if (existing.skipped) skippedCount -= 1;
      }
      const state: PlayerState = {
        lastCheckedAt: Number.NEGATIVE_INFINITY,
        linkUntil: Number.NEGATIVE_INFINITY,
        nextLinkAt: Number.NEGATIVE_INFINITY,
        joinDueAt: now + options.joinDelayMs,
        coolingUntil: Number.NEGATIVE_INFINITY,
        returningFrom: Number.POSITIVE_INFINITY,
        returningUntil: Number.NEGATIVE_INFINITY,
        skipped: false,
        place: 'none',
      };
      players.set(id, state);
      place(id, state, now);
    },
    removePlayer(id) {
      withPlayer(id, (state) => {
        unplace(id, state);
        if (state.skipped) skippedCount -= 1;
        players.delete(id);
      });
    },
    linkShown(id, now) {
      withPlayer(id, (state) => {
        state.linkUntil = now + options.linkDurationMs;
        state.nextLinkAt = now + options.linkIntervalMs;
        place(id, state, now);
      });
    },
    setSkipped(id, skipped, now) {
      withPlayer(id, (state) => {
        if (state.skipped === skipped) return;
        state.skipped = skipped;
        skippedCount += skipped ? 1 : -1;
        place(id, state, now);
      });
    },
    setCoolingUntil(id, until, now) {
      withPlayer(id, (state) => {
        state.coolingUntil = until;
        // A player who cannot vote again yet has nothing left to find: the frequent checks after the link end.
        if (until > now) state.linkUntil = Number.NEGATIVE_INFINITY;
        place(id, state, now);
      });
    },
    retrySoon(id, now) {
      withPlayer(id, (state) => {
        state.joinDueAt = now;
        place(id, state, now);
      });
    },
    setReturning(id, from, until, now) {
      withPlayer(id, (state) => {
        state.returningFrom = from;
        state.returningUntil = until;
        place(id, state, now);
      });
    },
    next(now, policy = defaultPolicy()) {
      promoteCooled(now);
      expireReturning(now);
      let pick: CheckPick | null = null;
      const link = heaps.link.peek();
      const join = heaps.join.peek();
      const returning = roundRobinDue('returning', policy);
      const rr = roundRobinDue('round_robin', policy);
      if (link && link.key <= now) pick = { id: link.id, reason: 'link' };
      else if (join && join.key <= now) pick = { id: join.id, reason: 'join' };
      else if (returning !== null && returning <= now)
        pick = { id: (heaps.returning.peek() as { id: number }).id, reason: 'returning' };
      else if (rr !== null && rr <= now)
        pick = { id: (heaps.round_robin.peek() as { id: number }).id, reason: 'round_robin' };
      if (!pick) return null;
      const state = players.get(pick.id) as PlayerState;
      state.lastCheckedAt = now;
      state.joinDueAt = null;
      if (pick.reason === 'link') state.nextLinkAt = now + options.linkIntervalMs;
      place(pick.id, state, now);
      return pick;
    },
    nextDueAt(now, policy = defaultPolicy()) {
      promoteCooled(now);
      expireReturning(now);
      const returningTop = heaps.returning.peek();
      const candidates = [
        heaps.link.peek()?.key,
        heaps.join.peek()?.key,
        heaps.cooling.peek()?.key,
        returningTop ? (players.get(returningTop.id) as PlayerState).returningUntil : undefined,
        roundRobinDue('returning', policy),
        roundRobinDue('round_robin', policy),
      ].filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
      if (candidates.length === 0) return null;
      return Math.max(now, Math.min(...candidates));
    },
    checkedSince(since, now) {
      promoteCooled(now);
      if (heaps.join.size > 0) return false;
      const link = heaps.link.peek();
      if (link && link.key - options.linkIntervalMs < since) return false;
      for (const heap of [heaps.returning, heaps.round_robin]) {
        const top = heap.peek();
        if (top && top.key < since) return false;
      }
      return true;
    },
    isLinkActive(id, now) {
      const state = players.get(id);
      return state !== undefined && state.linkUntil > now;
    },
    has(id) {
      return players.has(id);
    },
    sizes() {
      return {
        players: players.size,
        link: heaps.link.size,
        join: heaps.join.size,
        returning: heaps.returning.size,
        roundRobin: heaps.round_robin.size,
        cooling: heaps.cooling.size,
        skipped: skippedCount,
      };
    },
  };
}
