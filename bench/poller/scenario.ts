import { percentile } from '../../src/poll/latency';

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

/** Who votes in the simulated day. */
export type VoterKind = 'link' | 'returning' | 'first' | 'offline';

/** One simulated vote. */
export interface PlannedVote {
  /** Server id of the player, or null for a voter who is not online. */
  id: number | null;
  /** Name used on the vote site (the in-game name for online players). */
  name: string;
  /**
   * 'link': types /vote first, is shown the link, votes 20–120 s later; 'returning': claimed before, votes again
   * without asking soon after the site lets them; 'first': never voted, votes without asking; 'offline': votes
   * while not on the server.
   */
  kind: VoterKind;
  /** Virtual time (ms from the start) the player types /vote and sees the link ('link' only). */
  linkAt: number | null;
  /** Virtual time (ms from the start) the vote is recorded on the site. */
  voteAt: number;
}

/** The plan of one simulated day. */
export interface DayPlan {
  votes: PlannedVote[];
  /** Last claim time (ms from the start, negative: before it) of every player the resource saw claim before. */
  history: Map<number, number>;
}

/** Share of each kind among the votes of a day. */
export const VOTE_MIX: Record<VoterKind, number> = { link: 0.3, returning: 0.4, first: 0.2, offline: 0.1 };

const DAY_MS = 24 * 60 * 60_000;
/** Mean delay between the end of a returning voter's site cooldown and their next vote. */
export const RETURN_DELAY_MEAN_MS = 15 * 60_000;

/**
 * Plans a day (or `durationMs`) of votes at `votesPerDay`, mixed as {@link VOTE_MIX}, at uniform times in
 * [warmupMs, voteUntilMs). Returning voters claimed one site cooldown plus an exponential delay (mean 15 min, at
 * most 3 h) before their vote; as many again claimed before and do not vote (their cooldown ends at a uniform time).
 */
export function planDay(options: {
  players: number;
  votesPerDay: number;
  durationMs: number;
  warmupMs: number;
  voteUntilMs: number;
  cooldownMs: number;
  seed: number;
}): DayPlan {
  const random = createRandom(options.seed);
  const ids = Array.from({ length: options.players }, (_, i) => i + 1);
  for (let i = ids.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j] as number, ids[i] as number];
  }
  const total = Math.max(4, Math.round((options.votesPerDay * options.durationMs) / DAY_MS));
  const count = (kind: VoterKind) => Math.max(1, Math.round(total * VOTE_MIX[kind]));
  const kinds: VoterKind[] = [
    ...Array<VoterKind>(count('returning')).fill('returning'),
    ...Array<VoterKind>(count('link')).fill('link'),
    ...Array<VoterKind>(count('first')).fill('first'),
    ...Array<VoterKind>(count('offline')).fill('offline'),
  ];
  const span = options.voteUntilMs - options.warmupMs;
  const history = new Map<number, number>();
  let next = 0;
  const take = () => {
    const id = ids[next];
    if (id === undefined) throw new RangeError(`planDay: more voters than the ${options.players} players`);
    next += 1;
    return id;
  };
  const votes = kinds.map((kind, index): PlannedVote => {
    const at = options.warmupMs + Math.floor(random() * span);
    if (kind === 'offline') return { id: null, name: `Away${index}`, kind, linkAt: null, voteAt: at };
    const id = take();
    if (kind === 'link') {
      return {
        id,
        name: playerName(id),
        kind,
        linkAt: at,
        voteAt: at + 20_000 + Math.floor(random() * 100_000),
      };
    }
    if (kind === 'returning') {
      const delay = Math.min(3 * 60 * 60_000, -Math.log(1 - random()) * RETURN_DELAY_MEAN_MS);
      history.set(id, Math.round(at - delay - options.cooldownMs));
    }
    return { id, name: playerName(id), kind, linkAt: null, voteAt: at };
  });
  const lapsed = Math.ceil(count('returning') / 2);
  for (let i = 0; i < lapsed && next < ids.length; i += 1) {
    const eligibleAt = -60 * 60_000 + Math.floor(random() * (options.durationMs + 60 * 60_000));
    history.set(take(), eligibleAt - options.cooldownMs);
  }
  return { votes, history };
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
