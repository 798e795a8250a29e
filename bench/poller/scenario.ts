import { percentile } from '../../src/poll/latency';

/** One simulated voter. */
export interface PlannedVoter {
  /** Server id of the player. */
  id: number;
  /** In-game name, also the name used on the vote site. */
  name: string;
  /** 'link': types /vote first, is shown the link, then votes; 'other': votes without asking. */
  kind: 'link' | 'other';
  /** Virtual time (ms from the start) the player types /vote and sees the link ('link' voters only). */
  linkAt: number | null;
  /** Virtual time (ms from the start) the vote is recorded on the site. */
  voteAt: number;
}

/** Deterministic PRNG (mulberry32), so every run of the benchmark plays the same hour. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Name of player `id` in the simulation. */
export const playerName = (id: number): string => `Player${id}`;

/**
 * Picks the voters of one run: `voters` distinct players (half of them shown the link first), each voting once
 * at a random time in [warmupMs, voteUntilMs); a link voter votes 20–120 s after seeing the link.
 */
export function planVoters(options: {
  players: number;
  voters: number;
  warmupMs: number;
  voteUntilMs: number;
  seed: number;
}): PlannedVoter[] {
  const random = createRandom(options.seed);
  const ids = Array.from({ length: options.players }, (_, i) => i + 1);
  for (let i = ids.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j] as number, ids[i] as number];
  }
  const count = Math.min(options.voters, options.players);
  const span = options.voteUntilMs - options.warmupMs;
  return ids.slice(0, count).map((id, index) => {
    const kind = index % 2 === 0 ? 'link' : 'other';
    const at = options.warmupMs + Math.floor(random() * span);
    if (kind === 'other') return { id, name: playerName(id), kind, linkAt: null, voteAt: at };
    const voteAt = at + 20_000 + Math.floor(random() * 100_000);
    return { id, name: playerName(id), kind, linkAt: at, voteAt };
  });
}

/** Largest number of times in any window of `windowMs` (a window starts at each time). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Detection delays of one group of voters. */
export interface DelayFigures {
  /** Voters in the group. */
  voters: number;
  /** Voters told before the end of the run. */
  detected: number;
  /** Delay percentiles in seconds (detected voters only); null when none was detected. */
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** Summarises delays (ms) of a group of `voters` voters. */
export function delayFigures(voters: number, delaysMs: readonly number[]): DelayFigures {
  const sorted = [...delaysMs].sort((a, b) => a - b);
  const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);
  return {
    voters,
    detected: sorted.length,
    p50: seconds(percentile(sorted, 50)),
    p95: seconds(percentile(sorted, 95)),
    max: seconds(sorted.length ? (sorted[sorted.length - 1] as number) : null),
  };
}
