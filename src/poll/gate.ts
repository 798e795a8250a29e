/**
 * The `/vote/count` gate: an account of the new votes `votes_total` reports and of the votes checks and claims
 * explain. While every counted vote is accounted for, nobody needs a round-robin check. Pure: no clock, no I/O; the
 * caller passes the times and the names' keys, and logs what the answers say.
 */

/** How new votes are looked for: gated by `/vote/count`, or everyone in turn when the count cannot be read. */
export interface GateStatus {
  /** `waiting` until the first count answer, `gated` while it answers, `fallback` after it failed. */
  mode: 'waiting' | 'gated' | 'fallback';
  /** Last `votes_total` read, or null. */
  votesTotal: number | null;
  /** New votes counted but not yet found on a check, claimed, or written off after a full pass. */
  unaccounted: number;
  /** Since when every player must be checked again to close the current search (null when none runs). */
  searchFrom: number | null;
  /** Spacing of the count reads, in milliseconds. */
  countEveryMs: number;
  /** Count reads answered (failed included) and failed. */
  counts: { sent: number; failed: number };
  /** New votes accounted for, by how: found on a check, claimed, or written off (voter not online). */
  accounted: { found: number; claimed: number; writtenOff: number };
  /** Why the count is not used, or null. */
  fallbackReason: string | null;
}

/** Which players the round-robin must check now, by the gate's account. */
export interface GateRule {
  /** False: no new vote to look for, so only link-shown and joining players are checked. */
  roundRobin: boolean;
  /** Only players not checked since this time can hide an unaccounted vote. */
  since: number;
}

/** The count gate's account; every method takes the times it needs. */
export interface CountGate {
  /** The gate's mode. */
  readonly mode: GateStatus['mode'];
  /** A count read was sent and came back (`failed` when it did not answer a count). */
  read(failed: boolean): void;
  /** A count answered `total` for a read sent at `sentAt`; true the first time the count answers after a fallback. */
  counted(total: number, sentAt: number, now: number): boolean;
  /** The count cannot be read for `reason`: everyone is checked in turn; true the first time (to log it once). */
  fallBack(reason: string): boolean;
  /** A check found a new vote of the player whose name key is `key`, cast at `votedMs` (NaN when unknown). */
  found(key: string, votedMs: number, now: number): void;
  /** A vote of `key` (null: name unknown) was claimed: unless a check already found it, it accounts for one. */
  claimed(key: string | null, now: number): void;
  /** Writes the unaccounted votes off when every player was checked since the search began (`checkedSince`). */
  closeSearch(checkedSince: (from: number) => boolean): void;
  /** Who must be checked now. */
  rule(): GateRule;
  /** Figures for `votereward status`, with the read spacing the caller chose. */
  status(countEveryMs: number): GateStatus;
}

/** Clock difference tolerated between the site's `voted_at` and this server's clock. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** Votes credited ahead of the count, or written off, kept at most. */
export const MAX_CREDITS = 1024;
/** How long a vote found on a check waits for its claim before it is forgotten (the claim then counts again). */
export const FOUND_KEEP_MS = 24 * 60 * 60_000;
/** Found votes remembered before the expired ones are pruned. */
const FOUND_PRUNE_AT = 4096;

interface Credit {
  /** When the vote was cast (or, for a claim, the latest it can have been cast). */
  castAt: number;
  how: 'found' | 'claimed';
}

/** Creates an empty gate, waiting for its first count. */
export function createCountGate(): CountGate {
  let mode: GateStatus['mode'] = 'waiting';
  let votesTotal: number | null = null;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let unaccounted = 0;
  /** Votes cast before this cannot be the unaccounted ones. */
  let searchSince = Number.NEGATIVE_INFINITY;
  /** A player checked at or after this cannot hide an unaccounted vote. */
  let searchFrom = Number.POSITIVE_INFINITY;
  let fallbackReason: string | null = null;
  let fallbackLogged = false;
  let recoveryLogged = false;
  /** Votes written off as cast by players not online: their claim on join accounts for nothing new. */
  let awaitingJoin = 0;
  const counts = { sent: 0, failed: 0 };
  const accounted = { found: 0, claimed: 0, writtenOff: 0 };
  /** Votes found or claimed before a count read included them, credited against the read that does. */
  const credits: Credit[] = [];
  /** Name keys whose new vote a check found, so their claim does not account for a second vote. */
  const foundAt = new Map<string, number>();

  const credit = (castAt: number, how: Credit['how']): void => {
    if (credits.length < MAX_CREDITS) credits.push({ castAt, how });
  };

  /** Votes found or claimed before the read at `sentAt` are in its count: they need no search. */
  const spendCredits = (increase: number, sentAt: number): number => {
    let left = increase;
    for (let i = 0; i < credits.length; ) {
      const entry = credits[i] as Credit;
      if (entry.castAt > sentAt) {
        i += 1;
        continue;
      }
      credits.splice(i, 1);
      if (left === 0) continue;
      left -= 1;
      accounted[entry.how] += 1;
    }
    return left;
  };

  return {
    get mode() {
      return mode;
    },
    read(failed) {
      counts.sent += 1;
      if (failed) counts.failed += 1;
    },
    counted(total, sentAt, now) {
      let recovered = false;
      if (mode !== 'gated' || votesTotal === null) {
        if (mode === 'fallback' && !recoveryLogged) {
          recoveryLogged = true;
          recovered = true;
        }
        mode = 'gated';
        fallbackReason = null;
        credits.length = 0;
      } else {
        const increase = spendCredits(Math.max(0, total - votesTotal), sentAt);
        if (increase > 0) {
          if (unaccounted === 0) searchSince = lastReadAt;
          unaccounted += increase;
          searchFrom = now;
        }
      }
      votesTotal = total;
      lastReadAt = sentAt;
      return recovered;
    },
    fallBack(reason) {
      fallbackReason = reason;
      if (mode === 'fallback') return false;
      mode = 'fallback';
      unaccounted = 0;
      searchFrom = Number.POSITIVE_INFINITY;
      if (fallbackLogged) return false;
      fallbackLogged = true;
      return true;
    },
    found(key, votedMs, now) {
      if (foundAt.size >= FOUND_PRUNE_AT) {
        for (const [name, at] of foundAt) if (at + FOUND_KEEP_MS <= now) foundAt.delete(name);
      }
      foundAt.set(key, now);
      const castAt = Number.isFinite(votedMs) ? votedMs : now;
      // Found before a count read included it (link-shown players are checked every few seconds): credit it then.
      if (mode === 'gated' && castAt > lastReadAt) {
        credit(castAt, 'found');
        return;
      }
      if (unaccounted === 0) return;
      if (Number.isFinite(votedMs) && votedMs < searchSince - CLOCK_SKEW_MS) return;
      unaccounted -= 1;
      accounted.found += 1;
    },
    claimed(key, now) {
      if (key !== null && foundAt.delete(key)) return;
      if (unaccounted > 0) {
        unaccounted -= 1;
        accounted.claimed += 1;
      } else if (awaitingJoin > 0) {
        // Most likely the vote of a player who was not online, written off after a pass.
        awaitingJoin -= 1;
      } else if (mode === 'gated') {
        credit(now, 'claimed');
      }
    },
    closeSearch(checkedSince) {
      if (mode !== 'gated' || unaccounted === 0) return;
      if (!checkedSince(searchFrom)) return;
      accounted.writtenOff += unaccounted;
      awaitingJoin = Math.min(MAX_CREDITS, awaitingJoin + unaccounted);
      unaccounted = 0;
      searchFrom = Number.POSITIVE_INFINITY;
    },
    rule() {
      const gated = mode !== 'fallback';
      return { roundRobin: !gated || unaccounted > 0, since: gated ? searchFrom : Number.POSITIVE_INFINITY };
    },
    status(countEveryMs) {
      return {
        mode,
        votesTotal,
        unaccounted,
        searchFrom: Number.isFinite(searchFrom) ? searchFrom : null,
        countEveryMs,
        counts: { ...counts },
        accounted: { ...accounted },
        fallbackReason,
      };
    },
  };
}
