import { createVoteApi } from '../../src/api/client';
import { createRateBudget, type RateBudget } from '../../src/api/rate-budget';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/api/transport';
import { claimNameOf } from '../../src/claim/player-name';
import { configSchema, type ResourceConfig } from '../../src/config/schema';
import { createTranslator } from '../../src/i18n/messages';
import { createVoteDetector, type VoteDetector, type VoteDetectorOptions } from '../../src/poll/detector';
import { createFakeRuntime, type FakeRuntime } from '../fakes/runtime';

/** A vote held by the fake API. */
export interface FakeVote {
  votedAt: number;
  claimed: boolean;
}

/** What a test can script: an answer replacing the fake API's own, or null to let it answer. */
export type Fault = (request: HttpRequest) => HttpResponse | null;

/** The detector wired to the real budget and client, a fake runtime and an in-memory API with a 60/min limit. */
export interface PollHarness {
  runtime: FakeRuntime;
  budget: RateBudget;
  detector: VoteDetector;
  /** Send time of every request that reached the fake API, claims included. */
  sends: { at: number; path: string }[];
  /** Answers of status 429 the fake API's own limiter gave. */
  limited: number;
  votes: Map<string, FakeVote[]>;
  /** Records a vote on the site at the current time (or `at`). */
  vote(name: string, at?: number): void;
  /** Sends a claim-priority request through the real client, as the claim flow does. */
  claim(name: string): Promise<unknown>;
  fault: Fault | null;
  pending: Set<number>;
  claimCalls: number[];
}

const json = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Builds the harness; `poll` overrides the defaults of config.json's `poll` section. */
export function createPollHarness(
  setup: {
    poll?: Partial<ResourceConfig['poll']>;
    detector?: Partial<VoteDetectorOptions>;
    random?: () => number;
  } = {},
): PollHarness {
  const runtime = createFakeRuntime();
  const defaults = configSchema.parse({}).poll;
  const poll = { ...defaults, ...setup.poll };
  const budget = createRateBudget({
    now: runtime.now,
    limit: poll.maxRequestsPerMinute,
    reserveRatio: poll.reservePercent / 100,
    random: setup.random ?? (() => 0.5),
  });
  const serverWindow: number[] = [];
  const harness = {
    runtime,
    budget,
    sends: [] as { at: number; path: string }[],
    limited: 0,
    votes: new Map<string, FakeVote[]>(),
    fault: null as Fault | null,
    pending: new Set<number>(),
    claimCalls: [] as number[],
  } as PollHarness;

  const answer = (request: HttpRequest): HttpResponse => {
    const now = runtime.now();
    while (serverWindow.length > 0 && (serverWindow[0] as number) <= now - 60_000) serverWindow.shift();
    if (serverWindow.length >= 60) {
      harness.limited += 1;
      return {
        ...json(429, { error: { code: 'rate_limited', message: 'slow down' } }),
        headers: { 'retry-after': '60' },
      };
    }
    serverWindow.push(now);
    const url = new URL(request.url);
    const username =
      url.searchParams.get('username') ?? (request.body ? JSON.parse(request.body).username : '');
    const list = harness.votes.get(username.toLowerCase()) ?? [];
    const oldest = list.find((v) => !v.claimed);
    if (url.pathname.endsWith('/vote/check')) {
      return json(200, {
        voted: oldest !== undefined,
        voted_at: oldest ? new Date(oldest.votedAt).toISOString() : null,
        username,
      });
    }
    if (!oldest) return json(404, { error: { code: 'no_unclaimed_vote', message: 'none' } });
    oldest.claimed = true;
    return json(200, { success: true, vote_id: '00000000-0000-4000-8000-000000000001' });
  };

  const transport: HttpTransport = {
    kind: 'fetch',
    async request(request) {
      harness.sends.push({ at: runtime.now(), path: new URL(request.url).pathname });
      const scripted = harness.fault?.(request) ?? null;
      return scripted ?? answer(request);
    },
  };
  const api = createVoteApi({
    baseUrl: 'http://mock',
    apiKey: 'live_test',
    transport,
    budget,
    now: runtime.now,
    timeoutMs: 5_000,
  });

  harness.vote = (name, at = runtime.now()) => {
    const key = name.toLowerCase();
    harness.votes.set(key, [...(harness.votes.get(key) ?? []), { votedAt: at, claimed: false }]);
  };
  harness.claim = (name) => api.claimVote(name, { priority: 'claim' });
  harness.detector = createVoteDetector({
    runtime,
    api,
    budget,
    poll,
    voteUrl: 'https://votes.example/servers/1/vote',
    command: 'vote',
    translate: createTranslator('en'),
    claimName: (source) => claimNameOf(runtime.playerName(source)),
    hasPending: (source) => harness.pending.has(source),
    claim: async (source) => {
      harness.claimCalls.push(source);
    },
    ...setup.detector,
  });
  return harness;
}

/** Joins players `Player<first>`..`Player<last>` with server ids first..last. */
export function joinPlayers(runtime: FakeRuntime, first: number, last: number): void {
  for (let id = first; id <= last; id += 1)
    runtime.join(id, { name: `Player${id}`, license: `license:${id}` });
}

/** Largest number of sends in any window of `windowMs` (a window starts at every send). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
